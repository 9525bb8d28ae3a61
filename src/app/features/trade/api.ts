/**
 * Trading reads and commands (DESIGN.md §5 trade, block, and the market reads the ticket needs).
 *
 * Keys are hierarchical so a command can invalidate a whole area:
 *   ['trade', 'positions', group]   the position lists (one per status group)
 *   ['trade', 'position', id]       one position
 *   ['trade', 'quote', code]        the ticket's live quote (polled)
 *   ['trade', 'search', q]          instrument search for the code picker (not persisted)
 *   ['block', 'offers'] / ['block', 'orders']
 *   ['funds', 'summary']            buying power: the same key and call as features/funds, so both
 *                                   share one cache entry (features do not import each other)
 * Money commands are online-only and carry the caller's idempotency key (one per user action).
 */
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { tradeApi } from '../../../shared/api/trade';
import { blockApi } from '../../../shared/api/block';
import { fundsApi } from '../../../shared/api/funds';
import { marketApi } from '../../../shared/api/market';
import type { BodyOf, DataOf, QueryOf } from '../../../shared/api/endpoint';
import type { PositionStatus } from '../../../shared/domain/position';
import { apiCall } from '../../api/client';

export type PositionView = DataOf<typeof tradeApi.position>;
export type OrderBody = BodyOf<typeof tradeApi.placeOrder>;
export type CloseBody = BodyOf<typeof tradeApi.closePosition>;
export type BlockOffer = DataOf<typeof blockApi.offers>['items'][number];
export type QuoteDetail = DataOf<typeof marketApi.quote>;
export type SearchRow = DataOf<typeof marketApi.search>['items'][number];
export type FundsSummary = DataOf<typeof fundsApi.summary>;
export type PreviewQuery = QueryOf<typeof tradeApi.preview>;
export type OrderPreview = DataOf<typeof tradeApi.preview>;

/** The position tabs: what is held, what waits for a fill, and what is over. */
export const POSITION_GROUPS = {
  open: ['holding', 'closing', 'in_progress'],
  pending: ['pending'],
  done: ['closed', 'ended', 'cancelled'],
} as const satisfies Record<string, readonly PositionStatus[]>;
export type PositionGroup = keyof typeof POSITION_GROUPS;

/** Live P/L: lists and details refresh this often while on screen. */
export const POSITIONS_POLL_MS = 5_000;
export const QUOTE_POLL_MS = 3_000;

export const tradeKeys = {
  all: ['trade'] as const,
  positionsAll: ['trade', 'positions'] as const,
  positions: (group: PositionGroup | 'day' | 'all') => ['trade', 'positions', group] as const,
  position: (id: string) => ['trade', 'position', id] as const,
  quote: (code: string) => ['trade', 'quote', code] as const,
  search: (q: string) => ['trade', 'search', q] as const,
  preview: (q: PreviewQuery) => ['trade', 'preview', q] as const,
};
export const blockKeys = {
  all: ['block'] as const,
  offers: ['block', 'offers'] as const,
  orders: ['block', 'orders'] as const,
};
export const fundsKeys = {
  all: ['funds'] as const,
  summary: ['funds', 'summary'] as const,
};

const PAGE = 50;

/** One status group of the user's positions, newest first, paged by cursor; polled for live P/L. */
export function positionsQuery(group: PositionGroup) {
  return infiniteQueryOptions({
    queryKey: tradeKeys.positions(group),
    queryFn: ({ pageParam, signal }) =>
      apiCall(tradeApi.positions, {
        query: { status: POSITION_GROUPS[group].join(','), cursor: pageParam, limit: PAGE },
        signal,
        silent: true,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: group === 'done' ? false : POSITIONS_POLL_MS,
    staleTime: group === 'done' ? 30_000 : 0,
  });
}

/** Day trades of every status (the day-trading screen filters them). */
export function dayPositionsQuery() {
  return queryOptions({
    queryKey: tradeKeys.positions('day'),
    queryFn: async ({ signal }) => {
      const data = await apiCall(tradeApi.positions, { query: { limit: 100 }, signal, silent: true });
      return data.items.filter((p) => p.dayTrade);
    },
    refetchInterval: POSITIONS_POLL_MS,
    staleTime: 0,
  });
}

export function positionQuery(id: string) {
  return queryOptions({
    queryKey: tradeKeys.position(id),
    queryFn: ({ signal }) => apiCall(tradeApi.position, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && ['closed', 'cancelled', 'ended'].includes(q.state.data.status) ? false : POSITIONS_POLL_MS),
    staleTime: 0,
  });
}

/** The live quote (with tick table and daily limits) of the ticket's instrument. */
export function quoteQuery(code: string) {
  return queryOptions({
    queryKey: tradeKeys.quote(code),
    queryFn: ({ signal }) => apiCall(marketApi.quote, { params: { code }, signal, silent: true }),
    refetchInterval: QUOTE_POLL_MS,
    staleTime: 0,
  });
}

/**
 * The server's own preview of an order (`GET trade/preview`): whether orders are taken now and
 * what a waiting order would reserve (a buy limit at its limit, anything else at the daily upper
 * limit). Not persisted: it is only meaningful now.
 */
export function orderPreviewQuery(q: PreviewQuery) {
  return queryOptions({
    queryKey: tradeKeys.preview(q),
    queryFn: ({ signal }) => apiCall(tradeApi.preview, { query: q, signal, silent: true }),
    staleTime: 2_000,
    refetchInterval: 15_000,
    meta: { persist: false },
  });
}

/** Instrument search for the code picker; only stocks can be ordered here. Not persisted. */
export function searchQuery(q: string) {
  return queryOptions({
    queryKey: tradeKeys.search(q),
    queryFn: async ({ signal }) => {
      const data = await apiCall(marketApi.search, { query: { q }, signal, silent: true });
      return data.items.filter((r) => r.kind === 'stock');
    },
    staleTime: 60_000,
    meta: { persist: false },
  });
}

/** Buying power and the asset figures (`GET funds/summary`). */
export function buyingPowerQuery() {
  return queryOptions({
    queryKey: fundsKeys.summary,
    queryFn: ({ signal }) => apiCall(fundsApi.summary, { signal }),
    staleTime: 5_000,
  });
}

export function blockOffersQuery() {
  return queryOptions({
    queryKey: blockKeys.offers,
    queryFn: ({ signal }) => apiCall(blockApi.offers, { signal }),
    refetchInterval: 15_000,
    staleTime: 5_000,
  });
}

export function blockOrdersQuery() {
  return infiniteQueryOptions({
    queryKey: blockKeys.orders,
    queryFn: ({ pageParam, signal }) => apiCall(blockApi.orders, { query: { cursor: pageParam, limit: PAGE }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: POSITIONS_POLL_MS,
    staleTime: 0,
  });
}

// --- commands ---------------------------------------------------------------------------------

export function placeOrder(body: OrderBody, idempotencyKey: string) {
  return apiCall(tradeApi.placeOrder, { body, idempotencyKey });
}

export function cancelOrder(id: string, idempotencyKey: string) {
  return apiCall(tradeApi.cancelOrder, { params: { id }, idempotencyKey });
}

export function closePosition(id: string, body: CloseBody, idempotencyKey: string) {
  return apiCall(tradeApi.closePosition, { params: { id }, body, idempotencyKey });
}

export function buyBlock(id: string, shares: number, idempotencyKey: string) {
  return apiCall(blockApi.buy, { params: { id }, body: { shares }, idempotencyKey });
}

/** After any trading command: positions, funds and block lists change together. */
export async function afterTradeCommand(client: QueryClient, position?: PositionView): Promise<void> {
  if (position) client.setQueryData(tradeKeys.position(position.id), position);
  await Promise.all([
    client.invalidateQueries({ queryKey: tradeKeys.positionsAll }),
    client.invalidateQueries({ queryKey: ['trade', 'position'] }),
    client.invalidateQueries({ queryKey: fundsKeys.all }),
    client.invalidateQueries({ queryKey: blockKeys.all }),
  ]);
}
