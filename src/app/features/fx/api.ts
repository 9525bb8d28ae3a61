/**
 * The fx area's reads and commands (docs/domain.md "Currency exchange"): the board's rates, a
 * server-held quote, and the exchange of a quote (a money command: useMoneyCommand in the screen).
 */
import { fxApi } from '../../../shared/api/fx';
import { fundsApi } from '../../../shared/api/funds';
import type { DataOf } from '../../../shared/api/endpoint';
import type { Currency } from '../../../shared/money';
import { apiCall } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';

export type FxQuotes = DataOf<typeof fxApi.quotes>;
export type FxQuoteView = DataOf<typeof fxApi.quote>;

export function fxBoardQuery() {
  return endpointQuery(fxApi.quotes, {}, { staleTime: 5_000, refetchInterval: 10_000, meta: { persist: false } });
}

/** The balances per currency (the same cache entry as the asset card's). */
export function balancesQuery() {
  return endpointQuery(fundsApi.summary, {}, { staleTime: 5_000 });
}

/** Failures are shown next to the form (silent: no second toast). */
export function requestQuote(body: { from: Currency; to: Currency; amount: number }) {
  return apiCall(fxApi.quote, { body, silent: true });
}

/** What an exchange changes: the balances (funds) and the board. */
export const afterExchange = [endpointArea(fundsApi.summary), endpointArea(fxApi.quotes)];
