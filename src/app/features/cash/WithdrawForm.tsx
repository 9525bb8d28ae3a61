import { Trans } from '@lingui/react/macro';
import { type Currency, currencyDecimals, formatDecimal, formatIsoDate, formatMoney } from '../../../shared/money';
import { AmountInput, FundPasswordField } from '../../components/forms/Field';
import { DialogBox } from '../../components/ConfirmDialog';
import { HoldNote } from './ChangeGate';
import type { WithdrawState } from './useWithdraw';

/** The request: the destination, the amount (up to the withdrawable amount), the fund password. */
export function WithdrawForm({ w }: { w: WithdrawState }) {
  const { currency, limits, breakdown, pending, error } = w;
  return (
    <form className="withdraw-form" onSubmit={w.review}>
      <Destinations w={w} />
      {currency === 'USDT' ? (
        <p className="withdraw-note" data-testid="withdraw-usdt-note">
          <Trans>ウォレットへは USDT 残高から USDT で送金します（円からの換算はしません）。</Trans>
        </p>
      ) : null}
      <label className="field">
        <span className="field__label">
          <Trans>出金額（{currency}）</Trans>
        </span>
        <span className="field__control">
          <AmountInput currency={currency} value={w.amount} onChange={w.setAmount} placeholderMinor={limits.min} testId="withdraw-amount" />
        </span>
        <span className="field__hint">
          <Trans>出金可能額 {formatMoney(breakdown.withdrawable, currency)}</Trans>{' '}
          <button type="button" className="linkish" onClick={() => w.setAmount(majorText(Math.min(breakdown.withdrawable, limits.max), currency))}>
            <Trans>全額</Trans>
          </button>
        </span>
        {w.amountError ? <span className="field__error" data-testid="withdraw-amount-error">{w.amountError}</span> : null}
      </label>
      <FundPasswordField value={w.password} onChange={w.setPassword} testId="withdraw-password" />
      {w.passwordError ? <p className="field__error">{w.passwordError}</p> : null}
      {pending ? (
        <p className="withdraw-note">
          <Trans>審査中の出金申請があります。出金の申請は一度に1件です（下の一覧から取り消せます）。</Trans>
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--primary btn--block" disabled={!w.amountOk || !w.passwordOk || pending || w.submitting} data-testid="withdraw-submit">
        <Trans>確認へ進む</Trans>
      </button>
    </form>
  );
}

function Destinations({ w }: { w: WithdrawState }) {
  return (
    <fieldset className="withdraw-destinations">
      <legend className="field__label">
        <Trans>出金先</Trans>
      </legend>
      {w.destinations.map((d) => (
        <label key={d.key} className="withdraw-choice">
          <input type="radio" name="destination" value={d.key} checked={d.key === w.destination?.key} onChange={() => w.choose(d.key)} />
          <span className="withdraw-choice__text">
            <span>{d.label}</span>
            {/* A new destination says when it may first receive; the server refuses before then. */}
            <HoldNote usableAt={d.usableAt} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** What will be sent, before it is: the amount, the destination, the expected arrival, and the fee (none). */
export function WithdrawConfirm({ w, label }: { w: WithdrawState; label: string }) {
  const { currency } = w;
  return (
    <DialogBox
      title={<Trans>出金の内容を確認してください</Trans>}
      confirmLabel={<Trans>出金を申請する</Trans>}
      cancelLabel={<Trans>戻る</Trans>}
      busy={w.submitting}
      onCancel={w.cancelConfirm}
      onConfirm={w.send}
    >
      <dl className="withdraw-confirm" data-testid="withdraw-confirm">
        <dt>
          <Trans>出金額</Trans>
        </dt>
        <dd className="mono">{formatMoney(w.value ?? 0, currency)}</dd>
        <dt>
          <Trans>出金先</Trans>
        </dt>
        <dd>{label}</dd>
        <dt>
          <Trans>着金予定日</Trans>
        </dt>
        <dd className="mono">{formatIsoDate(w.rules.expectedOn)}</dd>
        <dt>
          <Trans>手数料</Trans>
        </dt>
        <dd className="mono">{formatMoney(0, currency)}</dd>
      </dl>
      <p className="withdraw-note">
        <Trans>申請した金額は審査が終わるまで拘束されます。審査中は取り消せます。</Trans>
      </p>
    </DialogBox>
  );
}

/** An amount in the currency's minor unit as the user types it ("1500", "25.50"), no separators. */
function majorText(minor: number, currency: Currency): string {
  return formatDecimal(Math.max(0, minor), currencyDecimals(currency));
}
