import { useEffect, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { getAccount, subscribeSession } from '../storage';
import { PERSIST_MAX_AGE_MS } from './client';
import {
  CACHE_BUSTER,
  UserCachePersister,
  cacheKeyFor,
  dehydrateOptions,
  idbKeyValueStore,
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

const persistOptions = {
  persister,
  maxAge: PERSIST_MAX_AGE_MS,
  buster: CACHE_BUSTER,
  dehydrateOptions,
};

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

  return (
    <PersistQueryClientProvider client={client} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  );
}
