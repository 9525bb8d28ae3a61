import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TrustFundView } from '../../../shared/api/trusts';
import { isNisa } from '../../../shared/domain/account-type';
import { ACCOUNT_BADGE, ACCOUNT_NAME } from '../tax-account';
import { TRUST_NISA_REFUSAL } from '../trusts';
import type { PlanFormState, Refusal } from './plan-form';

/** 預り区分: one chip per account type the plan may use, why the refused ones are, and the NISA note. */
export function PlanAccountChoice({ form }: { form: PlanFormState }) {
  const { t, i18n } = useLingui();
  const { accounts, refusals, account, setPick, setError, notes, fund } = form;
  return (
    <div className="plan-field">
      <span className="stepper__label">
        <Trans>預り区分</Trans>
      </span>
      <div className="segmented segmented--chips plan-accounts" role="radiogroup" aria-label={t`預り区分`} data-testid="plan-account">
        {accounts.map((a) => (
          <button
            key={a}
            type="button"
            role="radio"
            aria-checked={a === account}
            disabled={refusals.get(a) !== null}
            data-account={a}
            title={i18n._(ACCOUNT_NAME[a])}
            className={`segmented__opt${a === account ? ' segmented__opt--on' : ''}`}
            onClick={() => {
              setPick(a);
              setError(null);
            }}
          >
            {i18n._(ACCOUNT_BADGE[a])}
          </button>
        ))}
      </div>
      {notes.map((a) => (
        <p key={a} className="stepper__hint plan-note" data-account-refusal={refusals.get(a)}>
          <b>{i18n._(ACCOUNT_BADGE[a])}</b>
          <Trans context="label separator">：</Trans>
          <RefusalText r={refusals.get(a)!} fund={fund} />
        </p>
      ))}
      {account && isNisa(account) ? (
        <p className="stepper__hint">
          <Trans>NISAの年間の枠を超える回は見送りになります（借入にはなりません）。</Trans>
        </p>
      ) : null}
    </div>
  );
}

function RefusalText({ r, fund }: { r: Refusal; fund: TrustFundView | undefined }): ReactNode {
  const { i18n } = useLingui();
  if (r === 'fund_tsumitate' && fund?.eligibility.nisa_tsumitate) return i18n._(TRUST_NISA_REFUSAL[fund.eligibility.nisa_tsumitate]);
  if (r === 'fund_growth' && fund?.eligibility.nisa_growth) return i18n._(TRUST_NISA_REFUSAL[fund.eligibility.nisa_growth]);
  if (r === 'no_specific') return <Trans>一般口座のみをお選びのため、特定口座は使えません。</Trans>;
  if (r === 'nisa_pending') return <Trans>NISA口座は審査中です。</Trans>;
  return (
    <>
      <Trans>NISA口座が開設されていません。</Trans>{' '}
      <Link to="/information/nisa" className="link">
        <Trans>NISA口座を申し込む</Trans>
      </Link>
    </>
  );
}
