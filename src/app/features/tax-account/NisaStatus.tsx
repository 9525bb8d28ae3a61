import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import type { TaxAccountView } from '../../../shared/api/tax-account';
import { formatDateTime } from '../../../shared/money';
import { NISA_STATE_TEXT } from './texts';

type Nisa = TaxAccountView['nisa'];

/** Where a NISA application stands while the account is not open: 未開設, 審査中, or 不承認 with the reason. */
export function NisaStatus({ nisa }: { nisa: Nisa }) {
  const { i18n } = useLinguiCore();
  const applied = nisa.appliedAt === null ? '' : formatDateTime(nisa.appliedAt);
  const reason = nisa.reason ?? '';
  return (
    <section className={`nisa-status nisa-status--${nisa.state}`} data-testid="nisa-status" aria-live="polite">
      <p className="nisa-status__state">
        <span className="nisa-status__label">
          <Trans>NISA口座</Trans>
        </span>
        <strong>{i18n._(NISA_STATE_TEXT[nisa.state])}</strong>
      </p>
      {nisa.state === 'none' ? (
        <p className="small">
          <Trans>NISA（少額投資非課税制度）の口座で買った株式は、売却益と配当金に税金がかかりません。成長投資枠は年240万円、つみたて投資枠は年120万円、生涯で合計1,800万円まで使えます。</Trans>
        </p>
      ) : null}
      {nisa.state === 'pending' ? (
        <>
          <p className="small">
            <Trans>NISA口座のお申し込みを受け付けました。審査の結果をメッセージでお知らせします。審査中は特定口座・一般口座でお取引いただけます。</Trans>
          </p>
          {applied ? (
            <p className="small muted">
              <Trans>申込日時：{applied}</Trans>
            </p>
          ) : null}
        </>
      ) : null}
      {nisa.state === 'rejected' ? (
        <p className="small" data-testid="nisa-rejected-reason">
          <Trans>NISA口座のお申し込みは承認されませんでした。理由：{reason}</Trans>
        </p>
      ) : null}
    </section>
  );
}
