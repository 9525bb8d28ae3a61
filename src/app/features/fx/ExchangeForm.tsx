import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Currency, CURRENCY_CODES, formatMoney } from '../../../shared/money';
import { Button, TextField } from '../../components/forms/Field';
import { CURRENCY_NAME } from './labels';
import type { ExchangeState } from './useExchange';

/** The exchange's form: the pair (with a swap button), the amount, the error, and the quote button until a quote is held. */
export function ExchangeForm({ fx }: { fx: ExchangeState }) {
  const { t } = useLingui();
  const { from, to, cashOf } = fx;
  return (
    <form className="form fx-form" onSubmit={fx.submit} noValidate>
      <div className="fx-pair">
        <CurrencySelect label={<Trans>売る通貨</Trans>} testId="fx-from" value={from} onChange={fx.setFrom} />
        <button type="button" className="btn btn--text fx-swap" aria-label={t`通貨を入れ替える`} onClick={fx.swap}>
          ⇄
        </button>
        <CurrencySelect label={<Trans>買う通貨</Trans>} testId="fx-to" value={to} onChange={fx.setTo} />
      </div>
      <TextField
        label={t`両替する金額（${from}）`}
        inputMode="decimal"
        autoComplete="off"
        name="amount"
        data-testid="fx-amount"
        value={fx.amountText}
        onChange={(e) => fx.setAmountText(e.currentTarget.value)}
        hint={<Trans>利用可能：{formatMoney(cashOf(from), from)}</Trans>}
      />
      {fx.error ? (
        <p className="field__error fx-error" role="alert" data-testid="fx-error">
          {fx.error}
        </p>
      ) : null}
      {!fx.quote ? (
        <div className="form__actions">
          <Button type="submit" loading={fx.quoting} disabled={from === to}>
            <Trans>レートを取得</Trans>
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function CurrencySelect({ label, testId, value, onChange }: { label: ReactNode; testId: string; value: Currency; onChange: (c: Currency) => void }) {
  const { i18n } = useLingui();
  // The code first: a narrow select still shows which currency it is.
  const optionName = (c: Currency) => `${c} ${i18n._(CURRENCY_NAME[c])}`;
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <span className="field__control">
        <select className="field__input" data-testid={testId} value={value} onChange={(e) => onChange(e.target.value as Currency)}>
          {CURRENCY_CODES.map((c) => (
            <option key={c} value={c}>
              {optionName(c)}
            </option>
          ))}
        </select>
      </span>
    </label>
  );
}
