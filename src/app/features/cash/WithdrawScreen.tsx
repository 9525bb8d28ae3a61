import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { withdrawalApi, type WithdrawalStatus, type WithdrawalView } from '../../../shared/api/cash';
import { fundsApi } from '../../../shared/api/funds';
import { type Currency, currencyDecimals, formatDateTime, formatDecimal, formatIsoDate, formatMoney, HOME_CURRENCY, typedAmount } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { AmountInput, FundPasswordField } from '../../components/forms/Field';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { DialogBox } from '../../components/ConfirmDialog';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { bankAccountsQuery, walletsQuery } from './api';
import { KycNotice } from './KycNotice';
import { ACCOUNT_TYPE_LABEL } from './labels';
import { HoldNote } from './ChangeGate';
import './cash.css';
import './withdraw.css';

/*
 * 出金 (docs/domain.md "Withdrawals"): to an own bank account or wallet, at most the withdrawable
 * amount — shown with how it is computed (src/shared/domain/withdrawable.ts, the server's own rule) —
 * within the stated limits and hours, with the fund password; the expected arrival is shown before
 * confirming. Nothing is ever charged to release money (docs/domain.md "What Kabuto never builds").
 */

// An admin decides on the server: read afresh on every visit, and while one waits, every 15 s.
const withdrawalsQuery = () =>
  endpointQuery(withdrawalApi.withdrawals, {}, { staleTime: 0, refetchInterval: (q) => (q.state.data?.items.some((w) => w.status === 'pending') ? 15_000 : false) });

export const WITHDRAWAL_STATUS_TEXT: Record<WithdrawalStatus, MessageDescriptor> = {
  pending: msg({ message: '審査中' }),
  paid: msg({ message: '送金済み' }),
  returned: msg({ message: '返却済み' }),
  cancelled: msg({ message: '取消済み' }),
};

/** How the withdrawable amount is computed, line by line, in the currency the chosen destination receives. */
function Breakdown({ b, currency }: { b: { held: number; unsettled: number; frozen: number; margin: number; collateral: number; shortfallOwed: number; withdrawable: number }; currency: Currency }) {
  const formatMoney = (n: number) => formatAmount(n, currency);
  const minus = (n: number) => `\u2212${formatMoney(n)}`;
  return (
    <section className="card withdraw-breakdown" data-testid="withdraw-breakdown">
      <h2 className="card__title">
        <Trans>出金可能額の内訳</Trans>
      </h2>
      <dl>
        <dt>
          <Trans>預り金の合計</Trans>
        </dt>
        <dd className="mono">{formatMoney(b.held)}</dd>
        <dt>
          <Trans>受渡前の売却代金（受渡日まで出金できません）</Trans>
        </dt>
        <dd className="mono">{minus(b.unsettled)}</dd>
        <dt>
          <Trans>拘束中（注文・出金申請など）</Trans>
        </dt>
        <dd className="mono">{minus(b.frozen)}</dd>
        <dt>
          <Trans>保有株・建玉に充てている資金</Trans>
        </dt>
        <dd className="mono">{minus(b.margin)}</dd>
        {b.collateral > 0 ? (
          <>
            <dt>
              <Trans>借入の担保</Trans>
            </dt>
            <dd className="mono">{minus(b.collateral)}</dd>
          </>
        ) : null}
        {b.shortfallOwed > 0 ? (
          <>
            <dt>
              <Trans>不足金（返済されるまで出金できません）</Trans>
            </dt>
            <dd className="mono">{minus(b.shortfallOwed)}</dd>
          </>
        ) : null}
        <dt className="withdraw-breakdown__total">
          <Trans>出金可能額</Trans>
        </dt>
        <dd className="mono withdraw-breakdown__total" data-testid="withdrawable">
          {formatMoney(b.withdrawable)}
        </dd>
      </dl>
      <p className="withdraw-note">
        <Trans>出金できるのは受渡済みの自由な現金です。手数料や「解除料」などを求めることはありません。</Trans>
      </p>
    </section>
  );
}

function WithdrawalList({ items }: { items: WithdrawalView[] }) {
  const { t, i18n } = useLingui();
  const [confirm, setConfirm] = useState<WithdrawalView | null>(null);
  const cancel = useMoneyCommand(withdrawalApi.cancelWithdrawal, { invalidate: [endpointArea(withdrawalApi.withdrawals), endpointArea(fundsApi.summary)] });
  if (items.length === 0) return <EmptyView compact text={<Trans>出金の申請はまだありません</Trans>} />;
  return (
    <>
      <ul className="withdraw-list" data-testid="withdraw-list">
        {items.map((w) => (
          <li key={w.id} className={`withdraw-item withdraw-item--${w.status}`}>
            <div className="withdraw-item__head">
              <span className="mono">{formatMoney(w.amount, w.currency)}</span>
              <span className="withdraw-item__status">{i18n._(WITHDRAWAL_STATUS_TEXT[w.status])}</span>
            </div>
            <div className="withdraw-note">{w.destination.label}</div>
            <div className="withdraw-note mono">
              <Trans>
                申請 {formatDateTime(w.createdAt)}・着金予定 {formatIsoDate(w.expectedOn)}
              </Trans>
            </div>
            {w.reason ? (
              <p className="withdraw-note">
                <Trans>審査コメント：{w.reason}</Trans>
              </p>
            ) : null}
            {w.status === 'pending' ? (
              <button type="button" className="btn btn--secondary btn--small" onClick={() => (cancel.begin(), setConfirm(w))} data-testid="withdraw-cancel">
                <Trans>申請を取り消す</Trans>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {confirm ? (
        <DialogBox
          title={<Trans>出金申請を取り消しますか？</Trans>}
          confirmLabel={<Trans>取り消す</Trans>}
          cancelLabel={<Trans>戻る</Trans>}
          busy={cancel.isPending}
          onCancel={() => (cancel.end(), setConfirm(null))}
          onConfirm={() =>
            cancel.mutate(
              { params: { id: confirm.id } },
              {
                onSuccess: () => {
                  setConfirm(null);
                  toast(t`出金申請を取り消しました。拘束していた金額は現金に戻りました`);
                },
                onError: () => setConfirm(null),
              },
            )
          }
        >
          <p>
            <Trans>{formatMoney(confirm.amount, confirm.currency)} の拘束を解除し、現金に戻します。</Trans>
          </p>
        </DialogBox>
      ) : null}
    </>
  );
}

/** /information/cashOut: destination, amount (with the withdrawable breakdown), fund password, confirm; the requests below. */
export function WithdrawScreen() {
  const { t, i18n } = useLingui();
  const data = useQuery(withdrawalsQuery());
  const banks = useQuery(bankAccountsQuery());
  const wallets = useQuery(walletsQuery());
  const [chosen, setChosen] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = useMoneyCommand(withdrawalApi.withdraw, { invalidate: [endpointArea(withdrawalApi.withdrawals), endpointArea(fundsApi.summary)] });
  const title = t`出金`;
  if (!data.data || !banks.data || !wallets.data) {
    return (
      <Page title={title} fallback="/information/index">
        {data.isError ? <EmptyView icon={icons.info} text={<Trans>出金の情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
      </Page>
    );
  }
  const { rules, items } = data.data;
  const verified = banks.data.identity.verified;
  const destinations = [
    ...banks.data.items.map((a) => ({
      key: `bank:${a.id}`, body: { bankAccountId: a.id }, label: `${a.bankName} ${a.branchName} ${i18n._(ACCOUNT_TYPE_LABEL[a.type])} ${a.numberMasked}`, usableAt: a.usableAt,
    })),
    ...wallets.data.items.map((w) => ({
      key: `wallet:${w.id}`, body: { walletId: w.id }, label: `${w.network} ${w.address.slice(0, 6)}…${w.address.slice(-4)}${w.label ? `（${w.label}）` : ''}`, usableAt: w.usableAt,
    })),
  ];
  const destination = destinations.find((d) => d.key === chosen) ?? destinations[0];
  // A bank account receives yen, a wallet USDT from the USDT balance (never converted on the way out).
  const currency: Currency = destination && 'walletId' in destination.body ? 'USDT' : HOME_CURRENCY;
  const limits = currency === 'USDT' ? data.data.usdt : rules;
  const breakdown = currency === 'USDT' ? data.data.usdt.breakdown : data.data.breakdown;
  const value = typedAmount(amount, currency);
  const amountOk = value !== null && value >= limits.min && value <= limits.max && value <= breakdown.withdrawable;
  const passwordOk = /^\d{6}$/.test(password);
  const pending = items.some((w) => w.status === 'pending');
  const hours = rules.hours.replace('-', '〜');
  const send = () => {
    if (!destination) return;
    setError(null);
    submit.mutate(
      { body: { amount: value!, fundPassword: password, ...destination.body } },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setAmount('');
          setPassword('');
          toast(t`出金を申請しました（着金予定 ${formatIsoDate(r.withdrawal.expectedOn)}）`);
        },
        onError: (e) => {
          setConfirming(false);
          setError(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`出金の申請に失敗しました`);
        },
      },
    );
  };
  return (
    <Page title={title} fallback="/information/index" className="cash">
      {!verified ? <KycNotice /> : null}
      {verified && destinations.length === 0 ? (
        <div className="cash-notice" role="note" data-testid="bank-required">
          <div className="cash-notice__text">
            <p>
              <Trans>出金先の銀行口座またはウォレットが登録されていません。ご本人名義の口座を登録してください。</Trans>
            </p>
            <Link to="/information/addBankCard" className="cash-notice__link">
              <Trans>銀行口座を登録する</Trans>
            </Link>{' '}
            <Link to="/information/usdtAddress" className="cash-notice__link">
              <Trans>ウォレットを登録する</Trans>
            </Link>
          </div>
        </div>
      ) : null}
      <Breakdown b={breakdown} currency={currency} />
      <p className="withdraw-note" data-testid="withdraw-rules">
        <Trans>
          1回の出金額 {formatMoney(limits.min, currency)}〜{formatMoney(limits.max, currency)}・受付時間 {hours}
        </Trans>
        {rules.weekdaysOnly ? t`（東京の営業日のみ）` : ''}
        {' '}
        <Trans>{rules.cutoff}までの申請は当日、それ以降は翌営業日の着金予定です。</Trans>
        {!rules.openNow ? (
          <strong className="withdraw-closed">
            {' '}
            <Trans>現在は受付時間外です。</Trans>
          </strong>
        ) : null}
      </p>
      {verified && destination ? (
        <form
          className="withdraw-form"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (amountOk && passwordOk && !pending) {
              submit.begin();
              setConfirming(true);
            }
          }}
        >
          <fieldset className="withdraw-destinations">
            <legend className="field__label">
              <Trans>出金先</Trans>
            </legend>
            {destinations.map((d) => (
              <label key={d.key} className="withdraw-choice">
                <input
                  type="radio"
                  name="destination"
                  value={d.key}
                  checked={d.key === destination.key}
                  onChange={() => {
                    setChosen(d.key);
                    setAmount('');
                  }}
                />
                <span className="withdraw-choice__text">
                  <span>{d.label}</span>
                  {/* A new destination says when it may first receive; the server refuses before then. */}
                  <HoldNote usableAt={d.usableAt} />
                </span>
              </label>
            ))}
          </fieldset>
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
              <AmountInput currency={currency} value={amount} onChange={setAmount} placeholderMinor={limits.min} testId="withdraw-amount" />
            </span>
            <span className="field__hint">
              <Trans>出金可能額 {formatMoney(breakdown.withdrawable, currency)}</Trans>{' '}
              <button type="button" className="linkish" onClick={() => setAmount(majorText(Math.min(breakdown.withdrawable, limits.max), currency))}>
                <Trans>全額</Trans>
              </button>
            </span>
          </label>
          <FundPasswordField value={password} onChange={setPassword} testId="withdraw-password" />
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
          <button type="submit" className="btn btn--primary btn--block" disabled={!amountOk || !passwordOk || pending || submit.isPending} data-testid="withdraw-submit">
            <Trans>確認へ進む</Trans>
          </button>
        </form>
      ) : null}
      {confirming && destination ? (
        <DialogBox
          title={<Trans>出金の内容を確認してください</Trans>}
          confirmLabel={<Trans>出金を申請する</Trans>}
          cancelLabel={<Trans>戻る</Trans>}
          busy={submit.isPending}
          onCancel={() => (submit.end(), setConfirming(false))}
          onConfirm={send}
        >
          <dl className="withdraw-confirm" data-testid="withdraw-confirm">
            <dt>
              <Trans>出金額</Trans>
            </dt>
            <dd className="mono">{formatMoney(value ?? 0, currency)}</dd>
            <dt>
              <Trans>出金先</Trans>
            </dt>
            <dd>{destination.label}</dd>
            <dt>
              <Trans>着金予定日</Trans>
            </dt>
            <dd className="mono">{formatIsoDate(rules.expectedOn)}</dd>
            <dt>
              <Trans>手数料</Trans>
            </dt>
            <dd className="mono">{formatMoney(0, currency)}</dd>
          </dl>
          <p className="withdraw-note">
            <Trans>申請した金額は審査が終わるまで拘束されます。審査中は取り消せます。</Trans>
          </p>
        </DialogBox>
      ) : null}
      <h2 className="section-title">
        <Trans>出金の申請</Trans>
      </h2>
      <WithdrawalList items={items} />
    </Page>
  );
}

const formatAmount = formatMoney;

/** An amount in the currency's minor unit as the user types it ("1500", "25.50"), no separators. */
function majorText(minor: number, currency: Currency): string {
  return formatDecimal(Math.max(0, minor), currencyDecimals(currency));
}
