import { createHashHistory, createRouter } from '@tanstack/react-router';
import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { routeTree } from './routeTree.gen';
import { NotFoundScreen, PendingScreen, RouteErrorScreen } from './components/RouteStatus';
import { isKeepAlivePath } from './routes/-lib/keep-alive';

export interface RouterContext {
  /**
   * The app's QueryClient, for route loaders. Given at creation by tests (which wrap the router in
   * their own provider); in the app, the root route's beforeLoad adds it with the Query layer
   * (query/load-layer.ts), which every screen but a splash drawn first waits for.
   */
  queryClient?: QueryClient;
  /** The provider the root layout wraps the screens in once the layer is there (query/layer.tsx). */
  QueryLayer?: ComponentType<{ children: ReactNode }>;
}

/** Wait this long before replacing the current screen with the loading screen. */
export const PENDING_MS = 400;

/**
 * Search params are plain strings, both ways: every route's validator reads strings
 * (routes/-lib/search.ts). The router's default reads `?code=7203` as a number and writes
 * the validated string back as `?code=%227203%22`, so every deep link with a number-like value was
 * rewritten by a replace navigation on its first render, a second load of the route's matches
 * (docs/decisions/020-first-load-and-prerender.md, "the page's CPU time and the host's").
 */
export function parseSearch(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) out[key] = unquote(value);
  return out;
}
/** A link written by the old default (`?code=%227203%22`, bookmarked or shared) still opens: its JSON quotes go. */
function unquote(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
}
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value !== undefined) params.set(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The app's router (docs/decisions/003-client-plumbing.md): hash history, one lazy chunk per route (autoCodeSplitting),
 * default pending / error / not-found screens, and scroll handling:
 * - the kept-alive tab screens restore their own scroll position (keyed by path);
 * - every other navigation to a new history entry starts at the top (back/forward restores).
 */
export function createAppRouter(queryClient?: QueryClient) {
  return createRouter({
    routeTree,
    history: createHashHistory(),
    parseSearch,
    stringifySearch,
    context: queryClient ? { queryClient } : {},
    defaultPreload: 'intent',
    defaultPendingMs: PENDING_MS,
    defaultPendingMinMs: 300,
    defaultPendingComponent: PendingScreen,
    defaultErrorComponent: RouteErrorScreen,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: true,
    getScrollRestorationKey: (location) =>
      isKeepAlivePath(location.pathname)
        ? `tab:${location.pathname}`
        : ((location.state as { __TSR_key?: string }).__TSR_key ?? location.href),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Every route has a name (docs/product.md "Routes"). */
    name?: string;
  }
}
