import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import type { MarginAccountView } from '../../../shared/api/margin-account';
import { formatDate, formatDateTime } from '../../../shared/money';
import { REFERRAL_TEXT, STATE_TEXT } from './labels';

/** Where an application stands: 開設済み, 審査中 (with what the rules referred), or 不承認 with the reason. */
export function AccountStatus({ view }: { view: MarginAccountView }) {
  const { i18n } = useLinguiCore();
  const a = view.application;
  const applied = a ? formatDateTime(a.appliedAt) : '';
  const reason = a?.reason ?? '';
  const again = view.reapplyAt === null ? '' : formatDate(view.reapplyAt);
  return (
    <section className={`margin-status margin-status--${view.state}`} data-testid="margin-account-status" aria-live="polite">
      <p className="margin-status__state">
        <span className="margin-status__label">
          <Trans>信用取引口座</Trans>
        </span>
        <strong>{i18n._(STATE_TEXT[view.state])}</strong>
      </p>
      {view.state === 'approved' ? (
        <p className="small">
          <Trans>信用新規買・空売り・いちにち信用をご利用いただけます。</Trans>
        </p>
      ) : null}
      {view.state === 'pending' && a ? (
        <>
          <p className="small">
            <Trans>お申し込みを受け付けました。担当者が審査し、結果をメッセージでお知らせします。審査中も現物取引と建玉の返済はご利用いただけます。</Trans>
          </p>
          {a.referral.length > 0 ? (
            <ul className="margin-status__reasons small">
              {a.referral.map((r) => (
                <li key={r}>{i18n._(REFERRAL_TEXT[r])}</li>
              ))}
            </ul>
          ) : null}
          <p className="small muted">
            <Trans>申込日時：{applied}</Trans>
          </p>
        </>
      ) : null}
      {view.state === 'rejected' && a ? (
        <>
          <p className="small">
            <Trans>信用取引口座のお申し込みは承認されませんでした。理由：{reason}</Trans>
          </p>
          {view.reapplyAt !== null ? (
            <p className="small muted">
              <Trans>{again}から再度お申し込みいただけます。</Trans>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
