import { marketApi, TRADES_LIVE, type BookData, type CandlesData, type InstrumentRow, type QuoteDetail, type TradesData } from '../../../shared/api/market';
import type { CompanyData, InsightsData, StockAlerts } from '../../../shared/api/market-detail';
import type { DataOf } from '../../../shared/api/endpoint';
import { isIntraday, type ChartPeriod } from '../../../shared/chart';
import { endpointInfiniteQuery, endpointQuery } from '../../api/query';
import { boardInput, type AdjustMode, type BoardId, type SortField, type SortOrder } from '../../api/quotes/keys';

/*
 * The market screens' reads. Keys come from the contract (api/query.ts), so the quote detail read
 * here is the same cache entry as the order ticket's (features/trade) and the one the quote stream
 * patches (api/quotes/patch.ts); each screen only says how fresh it needs it.
 */

export type { BookData, CandlesData, CompanyData, InsightsData, InstrumentRow, QuoteDetail, StockAlerts, TradesData };
export type BoardPage = DataOf<typeof marketApi.instruments>;

/**
 * One market board, sorted, paged by the server's cursor. Kept fresh by the quote stream between
 * fetches (the screen re-ranks the loaded rows at most once a second, ranking.ts); refetched every
 * minute while on screen so rows beyond the loaded pages can enter the ranking.
 */
export function boardQuery(board: BoardId, sort: SortField, order: SortOrder) {
  return endpointInfiniteQuery(marketApi.instruments, boardInput(board, sort, order), {
    silent: true,
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

/** Quote detail of one instrument (header of the detail screens). */
export function quoteQuery(code: string) {
  return endpointQuery(marketApi.quote, { params: { code } }, { silent: true, staleTime: 10_000 });
}

/**
 * Candles of one period and adjustment. Intraday charts refetch every minute while on screen (a new
 * bar each minute); longer periods every five. Kept two days when no longer on screen.
 */
export function candlesQuery(code: string, period: ChartPeriod, adjust: AdjustMode) {
  const intraday = isIntraday(period);
  return endpointQuery(
    marketApi.candles,
    { params: { code }, query: { period, adjust } },
    {
      silent: true,
      staleTime: intraday ? 30_000 : 5 * 60_000,
      refetchInterval: intraday ? 60_000 : 5 * 60_000,
      gcTime: 2 * 24 * 3_600_000,
    },
  );
}

export function companyQuery(code: string) {
  return endpointQuery(marketApi.company, { params: { code } }, { silent: true, staleTime: 60 * 60_000 });
}

export function insightsQuery(code: string) {
  return endpointQuery(marketApi.insights, { params: { code } }, { silent: true, staleTime: 10 * 60_000 });
}

export function alertsQuery(code: string) {
  return endpointQuery(marketApi.alerts, { params: { code } }, { silent: true, staleTime: 60_000 });
}

/**
 * The simulated 板 and 歩み値 of a stock. The quote stream's `event: depth` keeps them current while
 * the detail is on screen (api/quotes/live.ts useLiveDepth); the slow refetch is only a safety net
 * for a stream that cannot connect.
 */
export function bookQuery(code: string) {
  return endpointQuery(marketApi.book, { params: { code } }, { silent: true, staleTime: 15_000, refetchInterval: 60_000 });
}

export function tradesQuery(code: string) {
  return endpointQuery(marketApi.trades, { params: { code }, query: { limit: TRADES_LIVE } }, { silent: true, staleTime: 15_000, refetchInterval: 60_000 });
}
