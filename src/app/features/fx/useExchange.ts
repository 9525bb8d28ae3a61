import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { fxApi } from '../../../shared/api/fx';
import { type Currency, formatMoney, typedAmount } from '../../../shared/money';
import { isApiError } from '../../api/client';
import { useMoneyCommand } from '../../api/money-command';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { toast } from '../../components/Toast';
import { afterExchange, balancesQuery, fxBoardQuery, requestQuote, type FxQuoteView } from './api';
import { secondsLeft } from './rate-text';

interface HeldQuote {
  quote: FxQuoteView;
  /** The local instant it arrived: the countdown runs on this device's clock for the quote's lifetime. */
  receivedAt: number;
}

export type ExchangeState = ReturnType<typeof useExchange>;

/**
 * Everything the exchange screen (ExchangeScreen.tsx) knows: the balances and the rate board, the
 * pair and the amount typed, the quote held with its countdown (re-quoted when it runs out), and
 * the commands (ask for a quote, open the confirmation, exchange).
 */
export function useExchange() {
  const { t } = useLingui();
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

  const swap = () => {
    setFrom(to);
    setTo(from);
  };
  const openConfirm = () => {
    exchange.begin();
    setConfirming(true);
  };
  const cancelConfirm = () => {
    setConfirming(false);
    exchange.end();
  };

  return {
    lang, balances, board, cashOf,
    from, setFrom, to, setTo, swap, amountText, setAmountText, submit,
    error, quoting, quote: held?.quote, left, fetchQuote,
    confirming, openConfirm, cancelConfirm, confirm, exchanging: exchange.isPending,
  };
}
