import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { Page } from '../../components/Page';
import { Spinner } from '../../components/Spinner';
import { taxAccountQuery } from './api';
import { NISA_STATE_TEXT, taxableText } from './texts';
import { WithholdingForm } from './WithholdingForm';
import './tax-account.css';

/**
 * /information/taxAccount — 口座区分: the taxable account the user has (特定口座 with or without
 * 源泉徴収, or 一般口座 only), the 源泉徴収 choice while it may change, what each choice means,
 * and the NISA account's state (docs/domain.md "Account types and NISA").
 */
export function TaxAccountScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const q = useQuery(taxAccountQuery());
  const view = q.data;
  return (
    <Page title={t`口座区分`} className="tax-account">
      {q.isPending ? (
        <Spinner size={22} label={t`読み込み中…`} />
      ) : !view ? (
        <p className="small" role="alert">
          <Trans>口座区分を読み込めませんでした</Trans>
        </p>
      ) : (
        <>
          <section className="nisa-card" aria-labelledby="tax-current-h">
            <h2 id="tax-current-h" className="nisa-card__h">
              <Trans>課税口座</Trans>
            </h2>
            <p className="tax-current" data-testid="tax-account-current">
              <strong>{i18n._(taxableText(view))}</strong>
            </p>
            <p className="small muted">
              <Trans>一般口座はどなたにもあります。特定口座・NISA口座で保有していないお取引は一般口座になります。</Trans>
            </p>
            {/* Keyed by the saved choice: a refetch that changes it (another device, the offline copy) resets the radios. */}
            {view.specific ? <WithholdingForm key={String(view.withholding)} view={view} /> : (
              <p className="small">
                <Trans>特定口座を開設していないため、売却益の計算と確定申告はお客様ご自身で行います。</Trans>
              </p>
            )}
          </section>
          <section className="nisa-card" aria-labelledby="tax-nisa-h">
            <h2 id="tax-nisa-h" className="nisa-card__h">
              <Trans>NISA口座</Trans>
            </h2>
            <p className="tax-current">
              <strong>{i18n._(NISA_STATE_TEXT[view.nisa.state])}</strong>
            </p>
            <Link to="/information/nisa" className="link small">
              {view.nisa.state === 'approved' ? <Trans>非課税投資枠の利用状況を見る</Trans> : <Trans>NISA口座について・申し込み</Trans>}
            </Link>
          </section>
        </>
      )}
    </Page>
  );
}
