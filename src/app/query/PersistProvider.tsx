import { useEffect, useRef, useState, type ReactNode } from 'react';
import { IsRestoringProvider, QueryClientProvider, dehydrate, type QueryClient } from '@tanstack/react-query';
import type { PersistedClient } from '@tanstack/query-persist-client-core';
import { getAccount, subscribeSession } from '../storage';
import {
  CACHE_BUSTER,
  UserCachePersister,
  cacheKeyFor,
  dehydrateOptions,
  idbKeyValueStore,
  restoreCache,
  switchCacheUser,
} from './persister';
import { recoverFailedQueries } from './recover';

/** The app's persister: IndexedDB, keyed by the signed-in account and the app version. */
export const persister = new UserCachePersister(idbKeyValueStore, () => cacheKeyFor(getAccount()));

/**
 * Delete a user's persisted cache (default: the signed-in user) and stop writing it. Logout calls
 * this before clearing the session.
 */
export function wipeCache(account: string | null = getAccount()): Promise<void> {
  return persister.wipe(cacheKeyFor(account));
}

/** The query-cache events that change what is stored. */
const SAVED_EVENTS = new Set(['added', 'removed', 'updated']);

/**
 * Save the cache after each change, throttled by the persister, which dehydrates it only when it
 * writes (persister.ts `schedule`). TanStack's own subscription dehydrates the whole cache on every
 * event, which on the market list meant a full dehydration per quote tick.
 */
function subscribeSaves(client: QueryClient): () => void {
  const make = (): PersistedClient => ({
    buster: CACHE_BUSTER,
    timestamp: Date.now(),
    // same runtime shape; the cast bridges two copies of query-core's types (docs/decisions/003-client-plumbing.md)
    clientState: dehydrate(client, dehydrateOptions) as unknown as PersistedClient['clientState'],
  });
  return client.getQueryCache().subscribe((event) => {
    if (SAVED_EVENTS.has(event.type)) persister.schedule(make);
  });
}

/**
 * `<PersistProvider client={queryClient}>` — QueryClientProvider that restores the signed-in user's
 * cache from IndexedDB before queries run (useIsRestoring() is true meanwhile), saves changes, and
 * switches caches without remounting the app when the session changes (sign-in, sign-out, 401,
 * another tab): the in-memory cache is cleared, a signed-out user's stored cache deleted and the new
 * user's stored cache restored. Screens whose read failed for want of a connection refetch by
 * themselves when it is back (recover.ts).
 */
export function PersistProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => {
    const unsubscribe = subscribeSession(() => {
      void switchCacheUser(client, persister, getAccount());
    });
    const onHide = () => {
      if (document.visibilityState === 'hidden') void persister.flush();
    };
    const onPageHide = () => void persister.flush();
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    void persister.pruneOtherVersions();
    const stopRecovering = recoverFailedQueries(client);
    return () => {
      unsubscribe();
      stopRecovering();
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [client]);

  // Restore once per client, then save its changes (as TanStack's PersistQueryClientProvider does,
  // with the saves above): while restoring, queries wait (useIsRestoring).
  const [isRestoring, setIsRestoring] = useState(true);
  const restored = useRef(false);
  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      void restoreCache(client, persister).finally(() => setIsRestoring(false));
    }
    return isRestoring ? undefined : subscribeSaves(client);
  }, [client, isRestoring]);

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={isRestoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
