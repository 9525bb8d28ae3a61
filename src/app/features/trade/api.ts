/**
 * Trading reads and commands. Keys come from the contract (api/query.ts): the ticket's quote is the
 * same cache entry as the market screens' (`GET market/quote/{code}`), buying power the same as the
 * mine screen's assets (`GET funds/summary`), the code picker's search the same as the search
 * screen's; each use only says how fresh it needs the data.
 *
 * Money commands go through useMoneyCommand (api/money-command.ts): online only, one
 * Idempotency-Key per user action; afterwards positions, funds and block lists are refetched.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { tradeApi } from '../../../shared/api/trade';
import { blockApi } from '../../../shared/api/block';
import { fundsApi } from '../../../shared/api/funds';
import { marketApi } from '../../../shared/api/market';
import type { BodyOf, DataOf, QueryOf } from '../../../shared/api/endpoint';
import { endpointArea, endpointKey, endpointPrefix, endpointQuery } from '../../api/query';
import type { PositionGroup, PositionView } from './holdings/PositionList';
import { POSITIONS_POLL_MS } from './holdings/holdings-query';

export type { PositionGroup, PositionView };
export type OrderBody = BodyOf<typeof tradeApi.placeOrder>;
export type CloseBody = BodyOf<typeof tradeApi.closePosition>;
export type QuoteDetail = DataOf<typeof marketApi.quote>;
export type SearchRow = DataOf<typeof marketApi.search>['items'][number];
export type FundsSummary = DataOf<typeof fundsApi.summary>;
export type PreviewQuery = QueryOf<typeof tradeApi.preview>;
export type OrderPreview = DataOf<typeof tradeApi.preview>;

export const QUOTE_POLL_MS = 3_000;

/** Day trades of every status (the day-trading screen filters them). */
export function dayPositionsQuery() {
  return endpointQuery(
    tradeApi.positions,
    { query: { limit: 100 } },
    {
      silent: true,
      select: (data) => data.items.filter((p) => p.dayTrade),
      refetchInterval: POSITIONS_POLL_MS,
      staleTime: 0,
    },
  );
}

/** One position (`GET trade/positions/{id}`), polled for live P/L until it is over. */
export function positionQuery(id: string, opts: { silent?: boolean } = {}) {
  return endpointQuery(
    tradeApi.position,
    { params: { id } },
    {
      silent: opts.silent,
      refetchInterval: (q) => (q.state.data && ['closed', 'cancelled', 'ended'].includes(q.state.data.status) ? false : POSITIONS_POLL_MS),
      staleTime: 0,
    },
  );
}

/** The live quote (with tick table and daily limits) of the ticket's instrument, polled. */
export function quoteQuery(code: string) {
  return endpointQuery(marketApi.quote, { params: { code } }, { silent: true, refetchInterval: QUOTE_POLL_MS, staleTime: 0 });
}

/**
 * The server's own preview of an order (`GET trade/preview`): whether orders are taken now and
 * what a waiting order would reserve (a buy limit at its limit, anything else at the daily upper
 * limit). Not persisted: it is only meaningful now.
 */
export function orderPreviewQuery(q: PreviewQuery) {
  return endpointQuery(tradeApi.preview, { query: q }, { silent: true, staleTime: 2_000, refetchInterval: 15_000, meta: { persist: false } });
}

/** Instrument search for the code picker; only stocks can be ordered here. Not persisted. */
export function searchQuery(q: string) {
  return endpointQuery(
    marketApi.search,
    { query: { q } },
    {
      silent: true,
      select: (data) => data.items.filter((r) => r.kind === 'stock'),
      staleTime: 60_000,
      meta: { persist: false },
    },
  );
}

/** Buying power and the asset figures (`GET funds/summary`). */
export function buyingPowerQuery() {
  return endpointQuery(fundsApi.summary, {}, { staleTime: 5_000 });
}

/** What a trading command changes: every position list and detail, the funds figures and the block lists. */
export const TRADE_INVALIDATES: readonly QueryKey[] = [
  endpointPrefix(tradeApi.positions),
  endpointArea(fundsApi.summary),
  endpointArea(blockApi.offers),
];

/** The cache entry of one position: a command's answer goes there at once. */
export function positionKey(id: string): QueryKey {
  return endpointKey(tradeApi.position, { params: { id } });
}

/** The options of every trading money command: show the answer at once, then refetch what it changed. */
export function tradeCommand(client: QueryClient, onDone: (p: PositionView) => void) {
  return {
    invalidate: TRADE_INVALIDATES,
    onSuccess: (p: PositionView) => {
      client.setQueryData(positionKey(p.id), p);
      onDone(p);
    },
  };
}
