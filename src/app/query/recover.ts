import { onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';
import { isOnline } from './online';

/** While online, screens whose read failed for want of a connection are tried again this often. */
export const RECOVER_INTERVAL_MS = 30_000;

const CONNECTION_MESSAGES: ReadonlySet<string> = new Set(['offline', 'network_error', 'timeout']);
/** Answers of a proxy or load balancer that could not reach the server. */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/**
 * Whether a read failed because the server could not be reached (offline, no network, time-out,
 * a gateway that could not reach it) rather than because the server refused it (a 4xx, a bug):
 * the former is worth repeating once the connection is back, the latter is not.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.httpStatus !== undefined) return GATEWAY_STATUSES.has(error.httpStatus);
  return CONNECTION_MESSAGES.has(error.msg);
}

/** A query on screen (it has observers) whose last fetch failed for want of a connection, not fetching now. */
export function isRecoverable(query: Pick<Query, 'state' | 'getObserversCount'>): boolean {
  return (
    query.getObserversCount() > 0 &&
    query.state.status === 'error' &&
    query.state.fetchStatus === 'idle' &&
    isConnectionFailure(query.state.error)
  );
}

/**
 * Screens whose read failed come back by themselves, without a tap (docs/decisions/003-client-plumbing.md). Every query on
 * screen that failed for want of a connection is refetched
 * - when the browser is online again (TanStack's refetchOnReconnect refetches only *stale* queries,
 *   and its first try can come before the network is really back);
 * - as soon as any read succeeds (the server is reachable again: a network that came back without an
 *   `online` event, a server restart);
 * - every RECOVER_INTERVAL_MS while online and such a query is on screen (nothing else would notice).
 * Reads the server refused (4xx) are left alone: the screen offers its own retry. Returns a function
 * that stops it.
 *
 * It first tells TanStack Query whether the browser is online: its onlineManager assumes online at
 * start and learns otherwise only from an `offline` event, so after a reload while offline it would
 * take the `online` event for no change, and refetch nothing on reconnect.
 */
export function recoverFailedQueries(client: QueryClient, intervalMs = RECOVER_INTERVAL_MS): () => void {
  onlineManager.setOnline(isOnline());
  let timer: ReturnType<typeof setTimeout> | null = null;
  let queued = false;

  const recoverable = () => client.getQueryCache().getAll().filter(isRecoverable);

  const schedule = () => {
    if (timer !== null || !onlineManager.isOnline() || recoverable().length === 0) return;
    timer = setTimeout(() => {
      timer = null;
      recover();
    }, intervalMs);
  };

  const recover = () => {
    if (!onlineManager.isOnline()) return;
    const failed = new Set(recoverable());
    if (failed.size === 0) return;
    void client
      .refetchQueries({ type: 'active', predicate: (q) => failed.has(q) }, { cancelRefetch: false })
      .catch(() => {});
  };

  // Coalesce a burst of cache events (a page of queries settling together) into one pass.
  const soon = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      recover();
    });
  };

  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) soon();
  });
  const unsubscribeCache = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const { action } = event;
    if (action.type === 'success' && !action.manual) soon();
    else if (action.type === 'error') queueMicrotask(schedule);
  });

  return () => {
    unsubscribeOnline();
    unsubscribeCache();
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
}
