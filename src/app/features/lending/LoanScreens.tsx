import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { lendingApi, type CreditView, type LendingEventView, type LoanView, type ScoreFactor } from '../../../shared/api/lending';
import { formatDateTime, formatIsoDate, formatMoney, HOME_CURRENCY } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { FundPasswordField } from '../../components/forms/Field';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { DialogBox } from '../../components/ConfirmDialog';
import { toast } from '../../components/Toast';
import * as icons from '../../components/icons';
import { creditQuery, LENDING_INVALIDATES, loansQuery } from './api';
import { bpPercent, EVENT_TEXT, FACTOR_HOW, FACTOR_TEXT, LOAN_STATUS_TEXT } from './texts';
import './lending.css';

/*
 * 証券担保ローン (docs/domain.md "Loans and stock lending"): the credit score explained factor by
 * factor, the quota = min(60 % of the pledged holdings, the score's limit), what is owed, the LTV
 * against its lines, the rate and the cost a day; borrowing with the fund password; repayment of
 * part or all; the records. The score only sizes the loan: it never holds back a withdrawal.
 */

const yen = (n: number) => formatMoney(n, HOME_CURRENCY);

function Loading({ title, failed }: { title: string; failed: boolean }) {
  const { t } = useLingui();
  return (
    <Page title={title} fallback="/information/index">
      {failed ? <EmptyView icon={icons.info} text={<Trans>情報を読み込めませんでした</Trans>} /> : <FirstLoad text={t`読み込み中…`} />}
    </Page>
  );
}

function CreditSummary({ c }: { c: CreditView }) {
  const { i18n } = useLingui();
  // A descriptor with values (Lingui's `_` takes them inside the descriptor), built apart from the call.
  const how = (factor: ScoreFactor, basis: number) => {
    const withValues: MessageDescriptor = { ...FACTOR_HOW[factor], values: { basis: String(basis) } };
    return i18n._(withValues);
  };
  const ltv = bpPercent(c.ltvBp);
  const warn = bpPercent(c.warnBp);
  const forced = bpPercent(c.forcedBp);
  const ratio = bpPercent(c.lendingRatioBp);
  const rate = bpPercent(c.rateBp);
  return (
    <>
      <section className="card lending-card" data-testid="credit-quota">
        <h2 className="card__title">
          <Trans>借入可能額</Trans>
        </h2>
        <p className="lending-big mono" data-testid="credit-available">
          {yen(c.available)}
        </p>
        <dl className="lending-dl">
          <dt>
            <Trans>担保評価額（保有する現物株）</Trans>
          </dt>
          <dd className="mono">{yen(c.collateralValue)}</dd>
          <dt>
            <Trans>担保掛目 {ratio} による上限</Trans>
          </dt>
          <dd className="mono">{yen(c.collateralLimit)}</dd>
          <dt>
            <Trans>与信スコアによる上限</Trans>
          </dt>
          <dd className="mono">{yen(c.scoreLimit)}</dd>
          <dt className="lending-dl__total">
            <Trans>借入枠（いずれか小さい方）</Trans>
          </dt>
          <dd className="mono lending-dl__total" data-testid="credit-quota-amount">
            {yen(c.quota)}
          </dd>
          <dt>
            <Trans>借入残高（元本＋未払利息）</Trans>
          </dt>
          <dd className="mono" data-testid="credit-borrowed">
            {yen(c.borrowed)}
          </dd>
          <dt>
            <Trans>LTV（借入残高÷担保評価額）</Trans>
          </dt>
          <dd className={`mono lending-ltv lending-ltv--${c.ltvState}`} data-testid="credit-ltv">
            {ltv}
          </dd>
          <dt>
            <Trans>金利（年率）</Trans>
          </dt>
          <dd className="mono">{rate}</dd>
          <dt>
            <Trans>1日あたりの利息</Trans>
          </dt>
          <dd className="mono" data-testid="credit-cost">
            {yen(c.costPerDay)}
          </dd>
        </dl>
        {c.refusal ? (
          <p className="lending-warning" role="note" data-testid="credit-refusal">
            {translateMessage(c.refusal, {}, getLanguage())}
          </p>
        ) : null}
        <p className="lending-note">
          <Trans>
            LTVが{warn}を超えると新たな借入はできなくなり、{forced}を超えると担保の株式を時価で売却して{ratio}まで返済に充てます。
          </Trans>
        </p>
      </section>
      <section className="card lending-card" data-testid="credit-score">
        <h2 className="card__title">
          <Trans>与信スコア</Trans>{' '}
          <span className="mono">
            {c.score} / {c.scoreMax}
          </span>
        </h2>
        <ul className="lending-factors">
          {c.factors.map((f) => (
            <li key={f.factor} className="lending-factor">
              <div className="lending-factor__head">
                <span>{i18n._(FACTOR_TEXT[f.factor])}</span>
                <span className="mono">
                  {f.points} / {f.max}
                </span>
              </div>
              <div className="lending-bar" aria-hidden="true">
                <span style={{ width: `${f.max > 0 ? (f.points * 100) / f.max : 0}%` }} />
              </div>
              <div className="lending-note">{how(f.factor, f.basis)}</div>
            </li>
          ))}
        </ul>
        <p className="lending-note">
          <Trans>スコアは借入枠の大きさを決めるだけです。スコアによって出金が制限されることはありません。</Trans>
        </p>
      </section>
    </>
  );
}

/** /information/xyInfo — 与信情報. */
export function CreditScreen() {
  const { t } = useLingui();
  const credit = useQuery(creditQuery());
  const title = t`与信情報`;
  if (!credit.data) return <Loading title={title} failed={credit.isError} />;
  return (
    <Page title={title} fallback="/information/index" className="lending">
      <CreditSummary c={credit.data} />
      <div className="lending-actions">
        <Link to="/information/loan" className="btn btn--primary btn--block" data-testid="credit-to-loan">
          <Trans>借入・返済へ</Trans>
        </Link>
        <Link to="/information/loanRecords" className="btn btn--secondary btn--block">
          <Trans>借入の履歴</Trans>
        </Link>
      </div>
    </Page>
  );
}

function RepayForm({ loan }: { loan: LoanView }) {
  const { t } = useLingui();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const repay = useMoneyCommand(lendingApi.repay, { invalidate: LENDING_INVALIDATES });
  const owed = loan.principal + loan.interest;
  const value = /^\d+$/.test(amount) ? Number(amount) : null;
  const ok = value !== null && value > 0 && value <= owed;
  const send = () =>
    repay.mutate(
      { params: { id: loan.id }, body: { amount: value! } },
      {
        onSuccess: (r) => {
          setConfirming(false);
          setAmount('');
          toast(r.loan.status === 'repaid' ? t`完済しました` : t`返済しました`);
        },
        onError: (e) => {
          setConfirming(false);
          setError(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`返済に失敗しました`);
        },
      },
    );
  const owedText = yen(owed);
  const amountText = yen(value ?? 0);
  return (
    <form
      className="lending-form"
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        if (ok) {
          repay.begin();
          setConfirming(true);
        }
      }}
    >
      <label className="field">
        <span className="field__label">
          <Trans>返済額（円）</Trans>
        </span>
        <span className="field__control">
          <input className="field__input mono" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))} data-testid="repay-amount" />
        </span>
        <span className="field__hint">
          <Trans>返済できる額 {owedText}（利息から先に充当）</Trans>{' '}
          <button type="button" className="linkish" onClick={() => setAmount(String(owed))} data-testid="repay-all">
            <Trans>全額</Trans>
          </button>
        </span>
      </label>
      {value !== null && value > owed ? (
        <p className="field__error" role="alert">
          {translateMessage('repay_exceeds_borrowed', { amount: owed, currency: HOME_CURRENCY }, getLanguage())}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn btn--secondary btn--block" disabled={!ok || repay.isPending} data-testid="repay-submit">
        <Trans>ローンを返済する</Trans>
      </button>
      {confirming ? (
        <DialogBox
          title={<Trans>返済の内容を確認してください</Trans>}
          confirmLabel={<Trans>ローンを返済する</Trans>}
          cancelLabel={<Trans>戻る</Trans>}
          busy={repay.isPending}
          onCancel={() => (repay.end(), setConfirming(false))}
          onConfirm={send}
        >
          <p data-testid="repay-confirm">
            <Trans>現金から {amountText} を返済します（未払利息から先に充当します）。</Trans>
          </p>
        </DialogBox>
      ) : null}
    </form>
  );
}

/** /information/loan — 借入・返済. */
export function LoanScreen() {
  const { t, i18n } = useLingui();
  const credit = useQuery(creditQuery());
  const loans = useQuery(loansQuery());
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const borrow = useMoneyCommand(lendingApi.borrow, { invalidate: LENDING_INVALIDATES });
  const title = t`証券担保ローン`;
  if (!credit.data || !loans.data) return <Loading title={title} failed={credit.isError || loans.isError} />;
  const c = credit.data;
  const value = /^\d+$/.test(amount) ? Number(amount) : null;
  const amountOk = value !== null && value > 0 && value <= c.available;
  const passwordOk = /^\d{6}$/.test(password);
  const open = loans.data.items.filter((l) => l.status === 'borrowed');
  const available = yen(c.available);
  const rate = bpPercent(c.rateBp);
  const amountText = yen(value ?? 0);
  const perDay = yen(Math.floor(((value ?? 0) * c.rateBp) / 3_650_000));
  const send = () =>
    borrow.mutate(
      { body: { amount: value!, fundPassword: password } },
      {
        onSuccess: () => {
          setConfirming(false);
          setAmount('');
          setPassword('');
          toast(t`借入が完了し、現金に入金されました`);
        },
        onError: (e) => {
          setConfirming(false);
          setError(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`借入の申し込みに失敗しました`);
        },
      },
    );
  return (
    <Page title={title} fallback="/information/index" className="lending">
      <section className="card lending-card">
        <dl className="lending-dl">
          <dt>
            <Trans>借入可能額</Trans>
          </dt>
          <dd className="mono" data-testid="loan-available">
            {available}
          </dd>
          <dt>
            <Trans>借入残高</Trans>
          </dt>
          <dd className="mono" data-testid="loan-borrowed">
            {yen(c.borrowed)}
          </dd>
          <dt>
            <Trans>LTV</Trans>
          </dt>
          <dd className={`mono lending-ltv lending-ltv--${c.ltvState}`}>{bpPercent(c.ltvBp)}</dd>
          <dt>
            <Trans>金利（年率）</Trans>
          </dt>
          <dd className="mono">{rate}</dd>
        </dl>
        <Link to="/information/xyInfo" className="linkish">
          <Trans>借入枠と与信スコアの内訳</Trans>
        </Link>
      </section>
      {c.refusal ? (
        <p className="lending-warning" role="note" data-testid="loan-refusal">
          {translateMessage(c.refusal, {}, getLanguage())}
        </p>
      ) : (
        <form
          className="lending-form"
          onSubmit={(e) => {
            e.preventDefault();
            setError(null);
            if (amountOk && passwordOk) {
              borrow.begin();
              setConfirming(true);
            }
          }}
        >
          <label className="field">
            <span className="field__label">
              <Trans>借入額（円）</Trans>
            </span>
            <span className="field__control">
              <input className="field__input mono" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value.replace(/[^\d]/g, ''))} data-testid="borrow-amount" />
            </span>
            <span className="field__hint">
              <Trans>借入可能額 {available}</Trans>
            </span>
          </label>
          {value !== null && value > c.available ? (
            <p className="field__error" role="alert">
              {translateMessage('borrow_quota_insufficient', { amount: c.available, currency: HOME_CURRENCY }, getLanguage())}
            </p>
          ) : null}
          <FundPasswordField value={password} onChange={setPassword} testId="borrow-password" />
          {error ? (
            <p className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="btn btn--primary btn--block" disabled={!amountOk || !passwordOk || borrow.isPending} data-testid="borrow-submit">
            <Trans>確認へ進む</Trans>
          </button>
        </form>
      )}
      {confirming ? (
        <DialogBox
          title={<Trans>借入の内容を確認してください</Trans>}
          confirmLabel={<Trans>借り入れる</Trans>}
          cancelLabel={<Trans>戻る</Trans>}
          busy={borrow.isPending}
          onCancel={() => (borrow.end(), setConfirming(false))}
          onConfirm={send}
        >
          <p data-testid="borrow-confirm">
            <Trans>
              {amountText} を年率 {rate} で借り入れ、現金に入金します。利息は1日あたり約 {perDay} で、毎日の借入残高に加算されます。
            </Trans>
          </p>
        </DialogBox>
      ) : null}
      <h2 className="section-title">
        <Trans>借入の返済</Trans>
      </h2>
      {open.length === 0 ? (
        <EmptyView compact text={<Trans>借入中のローンはありません</Trans>} />
      ) : (
        <ul className="lending-list" data-testid="loan-list">
          {open.map((l) => (
            <li key={l.id} className="lending-item">
              <div className="lending-item__head">
                <span className="mono">{yen(l.principal + l.interest)}</span>
                <span className="lending-status">{i18n._(LOAN_STATUS_TEXT[l.status])}</span>
              </div>
              <LoanFigures loan={l} />
              <RepayForm loan={l} />
            </li>
          ))}
        </ul>
      )}
      <Link to="/information/loanRecords" className="btn btn--secondary btn--block lending-actions">
        <Trans>借入の履歴</Trans>
      </Link>
    </Page>
  );
}

function LoanFigures({ loan }: { loan: LoanView }) {
  const principal = yen(loan.principal);
  const interest = yen(loan.interest);
  const drawn = yen(loan.amount);
  const date = formatDateTime(loan.createdAt);
  return (
    <div className="lending-note mono">
      <Trans>
        元本 {principal}・未払利息 {interest}（{date} に {drawn} を借入）
      </Trans>
    </div>
  );
}

export function EventList({ items, testId }: { items: LendingEventView[]; testId: string }) {
  const { t, i18n } = useLingui();
  const sharesOf = (n: number) => {
    const shares = String(n);
    return t`${shares}株`;
  };
  return (
    <ul className="lending-list" data-testid={testId}>
      {items.map((e) => (
        <li key={e.id} className={`lending-item lending-item--${e.kind}`}>
          <div className="lending-item__head">
            <span>{i18n._(EVENT_TEXT[e.kind])}</span>
            <span className={`mono ${e.amount > 0 ? 'lending-plus' : ''}`}>{e.amount === 0 ? '' : `${e.amount > 0 ? '+' : '−'}${yen(Math.abs(e.amount))}`}</span>
          </div>
          <div className="lending-note mono">
            {formatIsoDate(e.date)}
            {e.code ? ` · ${e.code}` : ''}
            {e.shares ? ` ${sharesOf(e.shares)}` : ''}
            {e.ltvBp !== null ? ` · LTV ${bpPercent(e.ltvBp)}` : ''}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /information/loanRecords — 借入の履歴. */
export function LoanRecordsScreen() {
  const { t } = useLingui();
  const loans = useQuery(loansQuery());
  const title = t`借入の履歴`;
  if (!loans.data) return <Loading title={title} failed={loans.isError} />;
  const { items, records } = loans.data;
  return (
    <Page title={title} fallback="/information/loan" className="lending">
      {records.length === 0 ? <EmptyView text={<Trans>借入の履歴はまだありません</Trans>} /> : <EventList items={records} testId="loan-records" />}
      {items.length > 0 ? (
        <>
          <h2 className="section-title">
            <Trans>ローン</Trans>
          </h2>
          <ul className="lending-list">
            {items.map((l) => (
              <li key={l.id} className="lending-item">
                <div className="lending-item__head">
                  <span className="mono">{yen(l.amount)}</span>
                  <LoanStatusText loan={l} />
                </div>
                <LoanFigures loan={l} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </Page>
  );
}

function LoanStatusText({ loan }: { loan: LoanView }) {
  const { i18n } = useLingui();
  return <span className="lending-status">{i18n._(LOAN_STATUS_TEXT[loan.status])}</span>;
}
