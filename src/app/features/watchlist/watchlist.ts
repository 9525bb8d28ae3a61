import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { InstrumentRow } from '../../../shared/api/market';
import { watchlistApi } from '../../../shared/api/watchlist';
import type { DataOf } from '../../../shared/api/endpoint';
import { apiCall, isApiError } from '../../api/client';
import { endpointQuery } from '../../api/query';
import { watchlistKeys } from '../../api/quotes/keys';
import { getAccount, subscribeSession } from '../../storage';
import { isOnline, useOnline } from '../../query/online';
import { localJsonStore } from '../../json-store';
import {
  WatchlistQueue,
  applyOps,
  flushQueue,
  moveCode,
  type FlushResult,
  type RowSnapshot,
  type WatchOp,
  type WatchlistServer,
} from './watchlist-queue';

export type WatchlistData = DataOf<typeof watchlistApi.list>;

/** The user's watchlist as the server has it (the screens overlay edits still queued offline). */
export function watchlistQuery() {
  return endpointQuery(watchlistApi.list, {}, { silent: true, staleTime: 30_000 });
}

/*
 * The watchlist as the screens use it: the server's list with the edits still queued applied,
 * and the edit actions (add, remove, move, set order). Edits are queued locally and replayed at
 * once when online, or when the app comes back online (watchlist-queue.ts).
 */

export const watchlistQueue = new WatchlistQueue(localJsonStore, getAccount);
if (typeof window !== 'undefined') subscribeSession(() => watchlistQueue.reload());

const server: WatchlistServer = {
  list: async () => (await apiCall(watchlistApi.list, { silent: true })).codes,
  add: async (code) => (await apiCall(watchlistApi.add, { params: { code }, silent: true })).codes,
  remove: async (code) => (await apiCall(watchlistApi.remove, { params: { code }, silent: true })).codes,
  order: async (codes) => (await apiCall(watchlistApi.order, { body: { codes }, silent: true })).codes,
};

/** A 4xx other than 401 (the session is gone: keep the edit for when the user signs in again). */
export function isRefusal(err: unknown): boolean {
  return isApiError(err) && err.isClientError && err.httpStatus !== 401 && err.httpStatus !== 429;
}

/** The cached server list after a replayed call: codes from the server, rows we already know. */
function writeCodes(client: QueryClient, codes: string[], op: WatchOp): void {
  client.setQueryData<WatchlistData>(watchlistKeys.all, (old) => {
    const known = new Map<string, InstrumentRow>();
    for (const r of old?.items ?? []) known.set(r.code, r);
    if (op.kind === 'add' && op.row && !known.has(op.code)) known.set(op.code, op.row as unknown as InstrumentRow);
    const items = codes.map((c) => known.get(c)).filter((r): r is InstrumentRow => r !== undefined);
    return old ? { ...old, codes, items } : { codes, items, max: 200, simulated: true };
  });
}

let flushing: Promise<FlushResult> | null = null;
let droppedListener: ((ops: WatchOp[]) => void) | null = null;

/** Called with edits the server refused (the screen toasts). */
export function onWatchlistDropped(listener: ((ops: WatchOp[]) => void) | null): void {
  droppedListener = listener;
}

/** Replay queued edits now (one replay at a time). */
export function syncWatchlist(client: QueryClient): Promise<FlushResult> | null {
  if (!isOnline() || watchlistQueue.ops().length === 0) return null;
  flushing ??= flushQueue(watchlistQueue, server, isRefusal, (codes, op) => writeCodes(client, codes, op))
    .then((result) => {
      if (result.dropped.length) droppedListener?.(result.dropped);
      if (result.replayed || result.dropped.length) void client.invalidateQueries({ queryKey: watchlistKeys.all });
      return result;
    })
    .finally(() => {
      flushing = null;
      // Edits made during the replay (and not folded into it) go next.
      if (watchlistQueue.ops().length && isOnline()) void syncWatchlist(client);
    });
  return flushing;
}

const bound = new WeakSet<QueryClient>();
function bindOnline(client: QueryClient): void {
  if (bound.has(client) || typeof window === 'undefined') return;
  bound.add(client);
  window.addEventListener('online', () => void syncWatchlist(client));
}

export interface WatchlistView {
  /** Codes in the user's order, queued edits applied. */
  codes: string[];
  /** Rows in that order (a row may be a snapshot taken when it was added offline). */
  items: InstrumentRow[];
  /** Codes without any known row yet. */
  unknown: string[];
  pending: number;
  max: number;
  query: ReturnType<typeof useQuery<WatchlistData>>;
  has(code: string): boolean;
  add(row: RowSnapshot): void;
  remove(code: string): void;
  move(code: string, delta: number): void;
  setOrder(codes: string[]): void;
}

export function useWatchlist(): WatchlistView {
  const client = useQueryClient();
  const query = useQuery(watchlistQuery());
  const ops = useSyncExternalStore(watchlistQueue.subscribe, watchlistQueue.ops, watchlistQueue.ops);
  const online = useOnline();

  useEffect(() => {
    bindOnline(client);
    if (online) void syncWatchlist(client);
  }, [client, online]);

  const data = query.data;
  const view = useMemo(() => {
    const codes = applyOps(data?.codes ?? [], ops);
    const known = new Map<string, InstrumentRow>();
    for (const r of data?.items ?? []) known.set(r.code, r);
    for (const op of ops) if (op.kind === 'add' && op.row && !known.has(op.code)) known.set(op.code, op.row as unknown as InstrumentRow);
    const items: InstrumentRow[] = [];
    const unknown: string[] = [];
    for (const c of codes) {
      const r = known.get(c);
      if (r) items.push(r);
      else unknown.push(c);
    }
    return { codes, items, unknown, set: new Set(codes) };
  }, [data, ops]);

  const edit = useCallback(
    (op: WatchOp) => {
      watchlistQueue.push(op);
      void syncWatchlist(client);
    },
    [client],
  );

  return {
    codes: view.codes,
    items: view.items,
    unknown: view.unknown,
    pending: ops.length,
    max: data?.max ?? 200,
    query,
    has: (code) => view.set.has(code),
    add: (row) => edit({ kind: 'add', code: row.code, row }),
    remove: (code) => edit({ kind: 'remove', code }),
    move: (code, delta) => edit({ kind: 'order', codes: moveCode(view.codes, code, delta) }),
    setOrder: (codes) => edit({ kind: 'order', codes }),
  };
}
