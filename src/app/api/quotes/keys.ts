import { marketApi, type BoardSort } from '../../../shared/api/market';
import { watchlistApi } from '../../../shared/api/watchlist';
import type { ChartPeriod } from '../../../shared/chart';
import { endpointArea, endpointKey, endpointPrefix } from '../query';

/*
 * Query keys of the market and watchlist reads, derived from the contract (../query.ts): the reads
 * (features/market/api.ts and the shared market widgets) and the stream patching (patch.ts) name
 * the same entries through these, so a streamed quote reaches every screen that shows it.
 */

export type BoardId = 'listed' | 'otc' | 'crypto' | 'fx';
export type SortField = BoardSort;
export type SortOrder = 'desc' | 'asc';
export type AdjustMode = 'none' | 'forward' | 'backward';

/** Rows per board page (the contract allows up to 100). */
export const BOARD_PAGE_SIZE = 60;

/** The input of one board's reads (the cursor is added per page). */
export function boardInput(board: BoardId, sort: SortField, order: SortOrder) {
  return { query: { board, sort, order, limit: BOARD_PAGE_SIZE } };
}

export const marketKeys = {
  all: endpointArea(marketApi.quote),
  instruments: endpointPrefix(marketApi.instruments),
  board: (board: BoardId, sort: SortField, order: SortOrder) => endpointKey(marketApi.instruments, boardInput(board, sort, order)),
  quotes: endpointPrefix(marketApi.quote),
  quote: (code: string) => endpointKey(marketApi.quote, { params: { code } }),
  candlesOf: (code: string) => endpointKey(marketApi.candles, { params: { code } }),
  candles: (code: string, period: ChartPeriod, adjust: AdjustMode) => endpointKey(marketApi.candles, { params: { code }, query: { period, adjust } }),
  indices: endpointKey(marketApi.indices),
  searches: endpointPrefix(marketApi.search),
  search: (q: string) => endpointKey(marketApi.search, { query: { q } }),
  company: (code: string) => endpointKey(marketApi.company, { params: { code } }),
  insights: (code: string) => endpointKey(marketApi.insights, { params: { code } }),
  alerts: (code: string) => endpointKey(marketApi.alerts, { params: { code } }),
  book: (code: string) => endpointKey(marketApi.book, { params: { code } }),
  trades: (code: string, limit: number) => endpointKey(marketApi.trades, { params: { code }, query: { limit } }),
};

export const watchlistKeys = {
  all: endpointKey(watchlistApi.list),
  /** The groups with their rows (`GET watchlist/groups`): patched by the stream like the watchlist. */
  groups: endpointKey(watchlistApi.groups),
  alerts: endpointKey(marketApi.watchlistAlerts, { query: { watchlist: '1' } }),
};
