import type { ReactNode } from 'react';
import { QueryObserver, type QueryKey, type QueryObserverOptions, type QueryObserverResult } from '@tanstack/react-query';
import { createQueryClient } from './client';
import { PersistProvider } from './PersistProvider';
import { OfflineBanner } from './OfflineBanner';

/*
 * The Query layer, loaded on demand (load-layer.ts; docs/decisions/020-first-load-and-prerender.md):
 * the app's one QueryClient, the provider that restores and saves it (PersistProvider) with the
 * offline banner that tells the age of what is on screen, and a way to watch a query from outside
 * React (the site config the splash reads before this layer wraps the screens).
 */

/** The app's QueryClient (query/client.ts): one per page. */
export const queryClient = createQueryClient();

/** Every screen but a splash drawn before this layer loaded sits inside it (routes/__root.tsx). */
export function QueryLayer({ children }: { children: ReactNode }) {
  return (
    <PersistProvider client={queryClient}>
      <OfflineBanner />
      {children}
    </PersistProvider>
  );
}

/**
 * Observe one query of the app's client outside React: `onResult` gets the current result now and
 * every change; the returned function stops watching (the query is then inactive, as when the last
 * screen using it unmounts).
 */
export function watchQuery<TData, TSelected>(
  options: QueryObserverOptions<TData, Error, TSelected, TData, QueryKey>,
  onResult: (result: QueryObserverResult<TSelected, Error>) => void,
): () => void {
  const observer = new QueryObserver(queryClient, options);
  onResult(observer.getCurrentResult());
  return observer.subscribe(onResult);
}
