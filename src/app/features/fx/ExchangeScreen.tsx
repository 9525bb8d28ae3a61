import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { fxApi } from '../../../shared/api/fx';
import { type Currency, CURRENCY_CODES, formatMoney, formatPercent, formatPriceYen, typedAmount } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { AsOf } from '../../components/AsOf';
import { ActionDialog } from '../../components/ConfirmDialog';
import { Button, TextField } from '../../components/forms/Field';
import { toast } from '../../components/Toast';
import { afterExchange, balancesQuery, fxBoardQuery, requestQuote, type FxQuoteView } from './api';
import { CURRENCY_NAME } from './labels';
import { rateText, secondsLeft } from './rate-text';
import './fx.css';

interface HeldQuote {
  quote: FxQuoteView;
  /** The local instant it arrived: the countdown runs on this device's clock for the quote's lifetime. */
  receivedAt: number;
}

/**
 * /information/exChange (資金振替・両替): choose the currencies and the amount, see the live quote
 * with its spread and a 30-second countdown (re-quoted when it runs out), confirm; the balances in
 * each currency are listed below.
 */
export function ExchangeScreen() {
  const { t, i18n } = useLingui();
  const lang = getLanguage();
  const balances = useQuery(balancesQuery());
  const board = useQuery(fxBoardQuery());
  const [from, setFrom] = useState<Currency>('JPY');
  const [to, setTo] = useState<Currency>('USD');
  const [amountText, setAmountText] = useState('');
  const [held, setHeld] = useState<HeldQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const request = useRef(0);

  const cashOf = (c: Currency) => balances.data?.balances.find((b) => b.currency === c)?.cash ?? 0;
  const parsed = typedAmount(amountText, from);

  const fetchQuote = useCallback(
    async (amount: number) => {
      const mine = ++request.current;
      setQuoting(true);
      setError(null);
      try {
        const quote = await requestQuote({ from, to, amount });
        if (mine === request.current) setHeld({ quote, receivedAt: Date.now() });
      } catch (e) {
        if (mine === request.current) {
          setHeld(null);
          setError(isApiError(e) ? translateMessage(e.msg, e.params, lang) : translateMessage('network_error', undefined, lang));
        }
      } finally {
        if (mine === request.current) setQuoting(false);
      }
    },
    [from, to, lang],
  );

  // A changed pair or amount makes the held quote stale.
  useEffect(() => {
    request.current++;
    setHeld(null);
    setQuoting(false);
  }, [from, to, amountText]);

  const ttl = held ? held.quote.validUntil - held.quote.createdAt : 0;
  const left = held ? secondsLeft(held.receivedAt, ttl, now) : 0;
  useEffect(() => {
    if (!held) return;
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [held]);
  // Expired: re-quote the same request (unless the confirmation is open: the exchange re-quotes on refusal).
  useEffect(() => {
    if (held && left === 0 && !quoting && !confirming) void fetchQuote(held.quote.amount);
  }, [held, left, quoting, confirming, fetchQuote]);

  const exchange = useMoneyCommand(fxApi.exchange, {
    invalidate: afterExchange,
    onSuccess: (r) => {
      toast(t`両替しました：${formatMoney(r.amount, r.from)} → ${formatMoney(r.amountOut, r.to)}`);
      setConfirming(false);
      setHeld(null);
      setAmountText('');
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (parsed === null) {
      setError(t`金額を正しく入力してください`);
      return;
    }
    void fetchQuote(parsed);
  };

  const confirm = () => {
    if (!held) return;
    exchange.mutate(
      { body: { quoteId: held.quote.quoteId } },
      {
        onError: (e) => {
          setConfirming(false);
          exchange.end();
          if (isApiError(e) && e.msg === 'fx_quote_expired') void fetchQuote(held.quote.amount);
          else setError(isApiError(e) ? translateMessage(e.msg, e.params, lang) : translateMessage('network_error', undefined, lang));
        },
      },
    );
  };

  const name = (c: Currency) => `${i18n._(CURRENCY_NAME[c])} (${c})`;
  // The code first: a narrow select still shows which currency it is.
  const optionName = (c: Currency) => `${c} ${i18n._(CURRENCY_NAME[c])}`;
  const q = held?.quote;
  return (
    <Page title={t`資金振替・両替`} fallback="/information/index" className="fx">
      <form className="form fx-form" onSubmit={submit} noValidate>
        <div className="fx-pair">
          <label className="field">
            <span className="field__label">
              <Trans>売る通貨</Trans>
            </span>
            <span className="field__control">
              <select className="field__input" data-testid="fx-from" value={from} onChange={(e) => setFrom(e.target.value as Currency)}>
                {CURRENCY_CODES.map((c) => (
                  <option key={c} value={c}>
                    {optionName(c)}
                  </option>
                ))}
              </select>
            </span>
          </label>
          <button
            type="button"
            className="btn btn--text fx-swap"
            aria-label={t`通貨を入れ替える`}
            onClick={() => {
              setFrom(to);
              setTo(from);
            }}
          >
            ⇄
          </button>
          <label className="field">
            <span className="field__label">
              <Trans>買う通貨</Trans>
            </span>
            <span className="field__control">
              <select className="field__input" data-testid="fx-to" value={to} onChange={(e) => setTo(e.target.value as Currency)}>
                {CURRENCY_CODES.map((c) => (
                  <option key={c} value={c}>
                    {optionName(c)}
                  </option>
                ))}
              </select>
            </span>
          </label>
        </div>
        <TextField
          label={t`両替する金額（${from}）`}
          inputMode="decimal"
          autoComplete="off"
          name="amount"
          data-testid="fx-amount"
          value={amountText}
          onChange={(e) => setAmountText(e.currentTarget.value)}
          hint={<Trans>利用可能：{formatMoney(cashOf(from), from)}</Trans>}
        />
        {error ? (
          <p className="field__error fx-error" role="alert" data-testid="fx-error">
            {error}
          </p>
        ) : null}
        {!q ? (
          <div className="form__actions">
            <Button type="submit" loading={quoting} disabled={from === to}>
              <Trans>レートを取得</Trans>
            </Button>
          </div>
        ) : null}
      </form>

      {q ? (
        <section className="fx-quote" data-testid="fx-quote" aria-live="polite">
          <dl className="fx-quote__list">
            <div>
              <dt>
                <Trans>適用レート</Trans>
              </dt>
              <dd className="mono">
                1 {q.from} = {rateText(q.rate)} {q.to}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>仲値</Trans>
              </dt>
              <dd className="mono">
                1 {q.from} = {rateText(q.midRate)} {q.to}
              </dd>
            </div>
            <div>
              <dt>
                <Trans>スプレッド</Trans>
              </dt>
              <dd className="mono">
                {formatPercent(q.spreadBp, { sign: false })}（{formatMoney(q.spreadAmount, q.to)}）
              </dd>
            </div>
            <div className="fx-quote__out">
              <dt>
                <Trans>受取額</Trans>
              </dt>
              <dd className="mono" data-testid="fx-out">
                {formatMoney(q.amountOut, q.to)}
              </dd>
            </div>
          </dl>
          <p className="small muted">
            <Trans>受取額は{q.to}の最小単位に切り捨てています。スプレッドは仲値との差額で、当社の収益になります。</Trans>
          </p>
          <p className={left <= 5 ? 'fx-countdown fx-countdown--low' : 'fx-countdown'} data-testid="fx-countdown">
            {quoting ? <Trans>新しいレートを取得中…</Trans> : <Trans>このレートの有効期限まで残り {left} 秒</Trans>}
          </p>
          <div className="form__actions">
            <Button
              disabled={left === 0 || quoting || q.amount > cashOf(q.from)}
              onClick={() => {
                exchange.begin();
                setConfirming(true);
              }}
            >
              <Trans>両替する</Trans>
            </Button>
            <Button variant="secondary" onClick={() => void fetchQuote(q.amount)} loading={quoting}>
              <Trans>レートを更新</Trans>
            </Button>
          </div>
          {q.amount > cashOf(q.from) ? <p className="field__error">{translateMessage('balance_insufficient', undefined, lang)}</p> : null}
        </section>
      ) : null}

      <section className="fx-balances" data-testid="fx-balances">
        <h2 className="fx-h2">
          <Trans>通貨別残高</Trans>
        </h2>
        <ul>
          {CURRENCY_CODES.map((c) => (
            <li key={c} className={cashOf(c) === 0 ? 'muted' : undefined}>
              <span>{name(c)}</span>
              <span className="mono">{formatMoney(cashOf(c), c)}</span>
            </li>
          ))}
        </ul>
        <AsOf query={balances} />
      </section>

      {board.data ? (
        <section className="fx-board" data-testid="fx-board">
          <h2 className="fx-h2">
            <Trans>為替レート（対円・模擬）</Trans>
          </h2>
          <p className="small muted">
            <Trans>スプレッド {formatPercent(board.data.spreadBp, { sign: false })}（仲値の上下に半分ずつ）</Trans>
          </p>
          <table className="fx-table">
            <thead>
              <tr>
                <th />
                <th>
                  <Trans>売値（当社買）</Trans>
                </th>
                <th>
                  <Trans>買値（当社売）</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {board.data.rows
                .filter((r) => r.currency !== 'JPY')
                .map((r) => (
                  <tr key={r.currency}>
                    <th scope="row">
                      {r.unit > 1 ? `${r.unit} ` : ''}
                      {r.currency}
                    </th>
                    <td className="mono">{formatPriceYen(r.bid, r.priceScale)}</td>
                    <td className="mono">{formatPriceYen(r.ask, r.priceScale)}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          <p className="small muted">
            <Trans>USDT は米ドルと1対1で連動するものとして、米ドル/円のレートで両替・評価します（模擬市場に USDT/円 の相場がないため）。</Trans>
          </p>
        </section>
      ) : null}

      {confirming && q ? (
        <ActionDialog
          title={<Trans>両替の確認</Trans>}
          busy={exchange.isPending}
          confirmLabel={<Trans>両替する</Trans>}
          cancelLabel={<Trans>キャンセル</Trans>}
          onConfirm={confirm}
          onCancel={() => {
            setConfirming(false);
            exchange.end();
          }}
        >
          <p>
            <Trans>
              {formatMoney(q.amount, q.from)} を {formatMoney(q.amountOut, q.to)} に両替します（残り {left} 秒）
            </Trans>
          </p>
        </ActionDialog>
      ) : null}
    </Page>
  );
}
