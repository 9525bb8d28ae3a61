import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountType } from '../../../shared/domain/account-type';
import { ACCOUNT_BADGE } from '../tax-account';

type Chips = {
  options: { value: AccountType; disabled: boolean }[];
  value: AccountType | null;
  onChange: (a: AccountType) => void;
};

/** The fund ticket's 預り区分 field: the accounts as chips, then what the side says under them. */
export function TrustAccountField({ options, value, onChange, children }: Chips & { children?: ReactNode }) {
  return (
    <div className="trust-field">
      <span className="stepper__label">
        <Trans>預り区分</Trans>
      </span>
      <AccountChips options={options} value={value} onChange={onChange} />
      {children}
    </div>
  );
}

function AccountChips({ options, value, onChange }: Chips) {
  const { t, i18n } = useLingui();
  return (
    <div className="segmented segmented--chips trust-accounts" role="radiogroup" aria-label={t`預り区分`} data-testid="trust-account">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={o.value === value}
          disabled={o.disabled}
          data-account={o.value}
          className={`segmented__opt${o.value === value ? ' segmented__opt--on' : ''}`}
          onClick={() => onChange(o.value)}
        >
          {i18n._(ACCOUNT_BADGE[o.value])}
        </button>
      ))}
    </div>
  );
}
