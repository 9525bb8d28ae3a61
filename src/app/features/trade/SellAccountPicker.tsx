import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountType } from '../../../shared/domain/account-type';
import { formatNumber } from '../../../shared/money';
import { AccountBadge } from '../tax-account';
import type { Sellable } from './ticket-api';

/**
 * 現物売 of a stock held in more than one account (特定 and NISA, say): which account's shares are
 * sold, each with what it holds and can sell now (GET trade/sellable `accounts`). A sale takes the
 * oldest purchases of that account only (docs/domain.md "Account types and NISA").
 */
export function SellAccountPicker(props: { sellable: Sellable; onChange: (a: AccountType) => void; refusal: string | null }) {
  const { t } = useLingui();
  const { sellable, onChange, refusal } = props;
  if (sellable.accounts.length < 2) return refusal ? <p className="field__error" role="alert">{refusal}</p> : null;
  return (
    <div className="close-picker" role="radiogroup" aria-label={t`売却する預り区分`} data-testid="sell-account">
      <span className="stepper__label">
        <Trans>預り区分</Trans>
      </span>
      {sellable.accounts.map((a) => {
        const on = a.account === sellable.account;
        return (
          <button
            key={a.account}
            type="button"
            role="radio"
            aria-checked={on}
            data-account={a.account}
            className={`close-picker__opt sell-account__opt${on ? ' close-picker__opt--on' : ''}`}
            onClick={() => onChange(a.account)}
          >
            <AccountBadge account={a.account} />
            <span className="mono small">
              <Trans>
                保有 {formatNumber(a.held)}株 ・ 売却可能 {formatNumber(a.sellable)}株
              </Trans>
            </span>
          </button>
        );
      })}
      {refusal ? (
        <p className="field__error" role="alert">
          {refusal}
        </p>
      ) : null}
    </div>
  );
}
