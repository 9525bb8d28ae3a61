import './api/zod-jitless';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { I18nProvider } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import { activateBootLanguage, activateLanguage, BOOT_FAILED_TEXT, BOOT_TEXT, RELOAD_TEXT, fullCatalog, i18n, isBootPath } from './i18n';
import { getLanguage } from './storage';
import { onApiError, setUnauthorizedHandler, type ApiError } from './api/client';
import { isSplashPath, loadQueryLayer } from './query/load-layer';
import { registerSW } from './pwa/register';
import { createAppRouter } from './router';
import { FirstLoad } from './components/Spinner';
import { toast } from './components/Toast';

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

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);

  // index.html carries the prerendered splash (scripts/prerender-shell.ts): it stays until the app
  // draws. Without it (dev server), the first-load spinner (its one text is built in).
  const lang = getLanguage();
  if (!container.querySelector('[data-prerender]')) root.render(<FirstLoad text={BOOT_TEXT[lang]} />);

  // The splash needs only its own messages (the boot catalog); any other screen waits for the full
  // catalog (docs/decisions/020-first-load-and-prerender.md). Requested first, awaited below.
  const catalog = isBootPath(window.location.hash) ? activateBootLanguage(lang) : activateLanguage(lang);
  catalog.catch(() => {}); // handled where it is awaited
  // The Query layer likewise: every screen but the splash is drawn inside it (query/load-layer.ts).
  const layer = isSplashPath(window.location.hash) ? undefined : loadQueryLayer();
  layer?.catch(() => {});
  // A task boundary: the entry's evaluation (the framework and the route tree) and the router's
  // setup are two tasks, not one long one (Total Blocking Time on a slow phone).
  await nextTask();

  const router = createAppRouter();
  // The first screen's chunks start loading now, alongside its catalog rather than after it (the
  // offline warm start and a deep link wait on one round of chunks less).
  for (const match of router.matchRoutes(router.state.location)) {
    const route = (router.routesById as unknown as Record<string, Parameters<typeof router.loadRouteChunk>[0] | undefined>)[match.routeId];
    if (route) void router.loadRouteChunk(route)?.catch(() => {});
  }
  try {
    await Promise.all([catalog, layer]);
  } catch {
    // The catalog or the Query layer did not load (offline before the service worker had it, or a deploy
    // removed it): offer a reload rather than spinning forever.
    root.render(
      <FirstLoad text={BOOT_FAILED_TEXT[lang]}>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {RELOAD_TEXT[lang]}
        </button>
      </FirstLoad>,
    );
    return;
  }

  // Server failures → 2 s toast of the translated message (docs/product.md "Messages").
  onApiError((error) => toastApiError(error));
  // 401: the client clears the session; we toast now and go to the login page 2 s later.
  setUnauthorizedHandler({
    notify: (error) => toastApiError(error, 'session_expired'),
    navigateToLogin: () => void router.navigate({ to: '/login/login', replace: true }),
  });

  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>
    </StrictMode>,
  );

  // After the first screen is drawn (not while its chunks load): the service worker, then, when the
  // browser is idle, the Query layer (a splash start has not loaded it), the full catalog and the
  // server-message table (docs/decisions/020-first-load-and-prerender.md).
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 2000));
  const stopWaiting = router.subscribe('onRendered', () => {
    stopWaiting();
    void registerSW();
    idle(() => {
      void loadQueryLayer().catch(() => {});
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

// In the build, this module runs only after the prerendered shell is painted (index.html's inline
// script adds it: docs/decisions/020-first-load-and-prerender.md).
void boot();
