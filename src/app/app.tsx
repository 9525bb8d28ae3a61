import { StrictMode, startTransition } from 'react';
import type { Root } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { fullCatalog, i18n } from './i18n';
import { getLanguage } from './storage';
import { onApiError, setUnauthorizedHandler, type ApiError } from './api/client';
import { registerSW } from './pwa/register';
import { whenLoadSettles } from './pwa/when-load-settles';
import { createAppRouter } from './router';
import { toast } from './components/Toast';
import { whenIdle } from './idle';

const EXIT_TEXT = msg({ message: 'もう一度押すと終了します' });

/**
 * Toast the translated text of a server message (docs/product.md "Messages"). The message table is loaded on the
 * first failure (and prefetched when the browser is idle), keeping it out of the first load.
 */
function toastApiError(error: Pick<ApiError, 'msg' | 'params'>, fallback?: string): void {
  void import('./i18n/translate').then(({ translateMessage }) =>
    toast(translateMessage(error.msg || fallback || 'failed', error.params, getLanguage())),
  );
}

/** Resolves in a new task (a message, not a timer: no clamping), letting the browser paint and handle input. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * The app with its router: every screen of docs/product.md "Routes". main.tsx starts it at once for
 * a start at any screen but the splash, and when the splash leaves for one (the router then opens
 * the location main.tsx has set).
 *
 * `ready` is what the first screen needs besides the router (its catalog, the Query layer): the
 * route chunks start loading before it is awaited. It rejects when they did not load; `failed`
 * then draws the reload offer.
 */
export async function startApp(root: Root, ready: Promise<unknown>, failed: () => void): Promise<void> {
  // A task boundary: the evaluation of the framework and the route tree and the router's setup are
  // two tasks, not one long one (Total Blocking Time on a slow phone).
  await nextTask();
  const router = createAppRouter();
  // Another task boundary: the router's setup, then its first chunks' requests and the screen.
  await nextTask();
  // The first screen's chunks start loading now, alongside its catalog rather than after it (the
  // offline warm start and a deep link wait on one round of chunks less).
  for (const match of router.matchRoutes(router.state.location)) {
    const route = (router.routesById as unknown as Record<string, Parameters<typeof router.loadRouteChunk>[0] | undefined>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => {});
  }
  try {
    await ready;
  } catch {
    failed();
    return;
  }

  // Server failures → 2 s toast of the translated message (docs/product.md "Messages").
  onApiError((error) => toastApiError(error));
  // 401: the client clears the session; we toast now and go to the login page 2 s later.
  setUnauthorizedHandler({
    notify: (error) => toastApiError(error, 'session_expired'),
    navigateToLogin: () => void router.navigate({ to: '/login/login', replace: true }),
  });

  // The first location resolved before the first render (its beforeLoads, its route chunks, its
  // loaders started): React's first commit then draws the screen over the shell or the splash at
  // once. Rendered before that, the first commit drew nothing and #root stayed empty for 100–400 ms
  // while the router loaded (docs/decisions/020-first-load-and-prerender.md).
  await router.load().catch(() => {}); // a failure shows as the route's error screen when drawn
  // A transition: React renders the first screen in slices that yield to the browser, not in one
  // long task (Total Blocking Time); its commit still replaces the shell at once.
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nProvider>
      </StrictMode>,
    ),
  );

  // After the first screen is drawn (not while its chunks load): when the browser is idle, the full
  // catalog and the server-message table; the service worker once the screen's own load has settled,
  // since its install precaches the whole build (docs/decisions/020-first-load-and-prerender.md).
  const stopWaiting = router.subscribe('onRendered', () => {
    stopWaiting();
    whenLoadSettles(() => void registerSW());
    whenIdle(() => {
      void fullCatalog().catch(() => {});
      void import('./i18n/translate');
    });
  });

  // The Capacitor shell injects `window.Capacitor`; only then load the native adapter (and its
  // plugins), so the browser's first load stays small.
  const cap = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  if (cap?.isNativePlatform?.()) {
    const { initNative } = await import('./native');
    await initNative({
      canGoBack: () => router.history.canGoBack(),
      goBack: () => router.history.back(),
      toast,
      exitToastText: () => i18n._(EXIT_TEXT),
    });
  }
}
