import { useId, useState, type InputHTMLAttributes, type ReactNode, type ButtonHTMLAttributes } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Icon } from '../Icon';
import * as icons from '../icons';
import { Spinner } from '../Spinner';
import { currencyDecimals, formatDecimal, type Currency } from '../../../shared/money';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input with its inline error (announced to screen readers). */
export function TextField({
  label,
  error,
  hint,
  trailing,
  ...input
}: InputProps & { label: ReactNode; error?: string | null; hint?: ReactNode; trailing?: ReactNode }) {
  const id = useId();
  const errId = `${id}-err`;
  const hintId = `${id}-hint`;
  const described = [error ? errId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input id={id} className="field__input" aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
        {trailing}
      </div>
      {hint && !error ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errId} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: InputProps & { label: ReactNode; error?: string | null; hint?: ReactNode }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-label={shown ? t`パスワードを隠す` : t`パスワードを表示`}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          <Icon d={shown ? icons.eyeOff : icons.eye} size={22} />
        </button>
      }
    />
  );
}

export function Button({
  variant = 'primary',
  loading = false,
  children,
  disabled,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' | 'danger' | 'text'; loading?: boolean }) {
  return (
    <button
      type="button"
      className={`btn btn--${variant} btn--block`}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={18} /> : null}
      <span>{children}</span>
    </button>
  );
}

export function Checkbox({
  checked,
  onChange,
  children,
  error,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className={error ? 'check field--error' : 'check'}>
      <div className="check__row">
        {/* The box is drawn at 22 px; this label around it makes the tap target 44 × 44 px (issue 13). */}
        <label className="check__hit" htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            className="check__input"
            checked={checked}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-err` : undefined}
            onChange={(e) => onChange(e.currentTarget.checked)}
          />
        </label>
        <label htmlFor={id} className="check__label">
          {children}
        </label>
      </div>
      {error ? (
        <p id={`${id}-err`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An amount typed in the currency's major unit: the decimal keypad and a dot only where the
 * currency has a minor unit (USDT cents; the yen has none), the placeholder an amount in the same form.
 */
export function AmountInput({
  currency,
  value,
  onChange,
  placeholderMinor,
  testId,
}: {
  currency: Currency;
  value: string;
  onChange: (value: string) => void;
  placeholderMinor?: number;
  testId?: string;
}) {
  const decimals = currencyDecimals(currency);
  return (
    <input
      className="field__input mono"
      inputMode={decimals > 0 ? 'decimal' : 'numeric'}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(decimals > 0 ? /[^\d.]/g : /[^\d]/g, ''))}
      placeholder={placeholderMinor === undefined ? undefined : formatDecimal(Math.max(0, placeholderMinor), decimals)}
      data-testid={testId}
    />
  );
}

/** The 6-digit fund password of a money action (withdrawal, borrowing): digits only, never autofilled. */
export function FundPasswordField({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId?: string }) {
  return (
    <label className="field">
      <span className="field__label">
        <Trans>取引暗証番号（6桁）</Trans>
      </span>
      <span className="field__control">
        <input
          className="field__input mono"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/[^\d]/g, ''))}
          data-testid={testId}
        />
      </span>
    </label>
  );
}
