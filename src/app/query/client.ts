import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client';

/** Persisted caches older than this are dropped (docs/decisions/003-client-plumbing.md). */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Reads are fresh this long before a background refetch. */
export const DEFAULT_STALE_TIME_MS = 30_000;
export const MAX_QUERY_RETRIES = 2;

/**
 * Whether a failed read is worth trying again: never a 4xx (the server refused the request) and
 * never `offline` (refetchOnReconnect brings it back); yes for time-outs, network errors and 5xx.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_QUERY_RETRIES) return false;
  if (error instanceof ApiError) {
    if (error.isClientError) return false;
    if (error.msg === 'offline') return false;
    return true;
  }
  return false; // programming errors (a bug in a queryFn) do not get better by repeating
}

/**
 * The app's QueryClient.
 * - Reads: `offlineFirst` (one attempt even offline, so a service-worker answer can still come),
 *   stale after 30 s, kept in memory 7 days so the persister can store them (gcTime ≥ maxAge).
 * - Mutations: never retried automatically (money commands are retried only by the user, with the
 *   same Idempotency-Key) and `networkMode: 'always'`: offline they run and fail at once with
 *   `offline` instead of being paused, i.e. queued, by TanStack Query.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME_MS,
        gcTime: PERSIST_MAX_AGE_MS,
        networkMode: 'offlineFirst',
        retry: shouldRetryQuery,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 8000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: {
        retry: false,
        networkMode: 'always',
        gcTime: 5 * 60 * 1000,
      },
    },
  });
}
