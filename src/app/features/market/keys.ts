import type { ChartPeriod } from '../../../shared/chart';

/*
 * Query keys of the market and watchlist areas, hierarchical so a prefix invalidates a family
 * (`marketKeys.all` → everything market). Kept apart from api.ts so pure modules (stream patching,
 * the watchlist queue) can name keys without importing the contract (and zod).
 */

export type BoardId = 'listed' | 'otc' | 'crypto' | 'fx';
export type SortField = 'changeBp' | 'volume' | 'turnover' | 'price';
export type SortOrder = 'desc' | 'asc';
export type AdjustMode = 'none' | 'forward' | 'backward';

export const marketKeys = {
  all: ['market'] as const,
  instruments: ['market', 'instruments'] as const,
  board: (board: BoardId, sort: SortField, order: SortOrder) => ['market', 'instruments', board, sort, order] as const,
  quotes: ['market', 'quote'] as const,
  quote: (code: string) => ['market', 'quote', code] as const,
  candlesOf: (code: string) => ['market', 'candles', code] as const,
  candles: (code: string, period: ChartPeriod, adjust: AdjustMode) => ['market', 'candles', code, period, adjust] as const,
  indices: ['market', 'indices'] as const,
  searches: ['market', 'search'] as const,
  search: (q: string) => ['market', 'search', q] as const,
  company: (code: string) => ['market', 'company', code] as const,
  insights: (code: string) => ['market', 'insights', code] as const,
  alerts: (code: string) => ['market', 'alerts', code] as const,
};

export const watchlistKeys = {
  all: ['watchlist'] as const,
  alerts: ['watchlist', 'alerts'] as const,
};
