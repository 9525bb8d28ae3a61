import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { marketApi, type CandlesData, type InstrumentRow, type QuoteDetail } from '../../../shared/api/market';
import type { CompanyData, InsightsData, StockAlerts } from '../../../shared/api/market-detail';
import { watchlistApi } from '../../../shared/api/watchlist';
import type { DataOf } from '../../../shared/api/endpoint';
import { isIntraday, type ChartPeriod } from '../../../shared/chart';
import { apiCall } from '../../api/client';
import { marketKeys, watchlistKeys, type AdjustMode, type BoardId, type SortField, type SortOrder } from './keys';

export type { CandlesData, CompanyData, InsightsData, InstrumentRow, QuoteDetail, StockAlerts };
export type BoardPage = DataOf<typeof marketApi.instruments>;
export type WatchlistData = DataOf<typeof watchlistApi.list>;

/** Rows per board page (the contract allows up to 100). */
export const BOARD_PAGE_SIZE = 60;

/**
 * One market board, sorted, paged by the server's cursor. Kept fresh by the quote stream between
 * fetches; refetched every minute while on screen so the ranking itself (which the stream does not
 * re-sort, rows must not jump under a finger) follows the market.
 */
export function boardQuery(board: BoardId, sort: SortField, order: SortOrder) {
  return infiniteQueryOptions({
    queryKey: marketKeys.board(board, sort, order),
    queryFn: ({ pageParam, signal }) =>
      apiCall(marketApi.instruments, {
        query: { board, sort, order, limit: BOARD_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
        silent: true,
      }),
    initialPageParam: '' as string,
    getNextPageParam: (last: BoardPage) => last.next ?? undefined,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** Quote detail of one instrument (header of the detail screens). */
export function quoteQuery(code: string) {
  return queryOptions({
    queryKey: marketKeys.quote(code),
    queryFn: ({ signal }) => apiCall(marketApi.quote, { params: { code }, signal, silent: true }),
    staleTime: 10_000,
  });
}

/**
 * Candles of one period and adjustment. Intraday charts refetch every minute while on screen (a new
 * bar each minute); longer periods every five. Kept two days when no longer on screen.
 */
export function candlesQuery(code: string, period: ChartPeriod, adjust: AdjustMode) {
  const intraday = isIntraday(period);
  return queryOptions({
    queryKey: marketKeys.candles(code, period, adjust),
    queryFn: ({ signal }) =>
      apiCall(marketApi.candles, { params: { code }, query: { period, adjust }, signal, silent: true }),
    staleTime: intraday ? 30_000 : 5 * 60_000,
    refetchInterval: intraday ? 60_000 : 5 * 60_000,
    gcTime: 2 * 24 * 3_600_000,
  });
}

/** Nikkei 225, TOPIX, TSE Growth 250. */
export function indicesQuery() {
  return queryOptions({
    queryKey: marketKeys.indices,
    queryFn: ({ signal }) => apiCall(marketApi.indices, { signal, silent: true }),
    staleTime: 15_000,
  });
}

/** Search by code, name or kana. Not persisted: results are cheap and personal history lives elsewhere. */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: marketKeys.search(q),
    queryFn: ({ signal }) => apiCall(marketApi.search, { query: { q }, signal, silent: true }),
    staleTime: 60_000,
    gcTime: 10 * 60_000,
    meta: { persist: false },
  });
}

export function companyQuery(code: string) {
  return queryOptions({
    queryKey: marketKeys.company(code),
    queryFn: ({ signal }) => apiCall(marketApi.company, { params: { code }, signal, silent: true }),
    staleTime: 60 * 60_000,
  });
}

export function insightsQuery(code: string) {
  return queryOptions({
    queryKey: marketKeys.insights(code),
    queryFn: ({ signal }) => apiCall(marketApi.insights, { params: { code }, signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}

export function alertsQuery(code: string) {
  return queryOptions({
    queryKey: marketKeys.alerts(code),
    queryFn: ({ signal }) => apiCall(marketApi.alerts, { params: { code }, signal, silent: true }),
    staleTime: 60_000,
  });
}

/** The user's watchlist as the server has it (the screen overlays edits still queued offline). */
export function watchlistQuery() {
  return queryOptions({
    queryKey: watchlistKeys.all,
    queryFn: ({ signal }) => apiCall(watchlistApi.list, { signal, silent: true }),
    staleTime: 30_000,
  });
}
