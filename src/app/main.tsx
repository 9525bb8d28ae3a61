import './api/zod-jitless';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { activateBootLanguage, activateLanguage, BOOT_FAILED_TEXT, BOOT_TEXT, RELOAD_TEXT, fullCatalog, i18n, isBootPath } from './i18n';
import { getLanguage, type Language } from './storage';
import { isSplashPath, loadQueryLayer } from './query/load-layer';
import { FirstLoad } from './components/Spinner';
import { Splash, type WelcomeLinkProps } from './features/account/Splash';
import type { SplashTarget } from './features/account/splash';
import { whenIdle } from './idle';
import { watchTheme } from './theme';

/*
 * The entry (docs/decisions/020-first-load-and-prerender.md). A start at the splash (/login/start,
 * the installed app's start_url) draws it with React and its boot catalog only: the router, the
 * route tree and TanStack Query load while it shows, and the app starts when it leaves. Every other
 * start loads the app (app.tsx) at once, with the screen's catalog and the Query layer.
 */

const loadApp = () => import('./app');

/** A chunk did not load (offline before the service worker had it, or a deploy removed it): offer a reload. */
function offerReload(root: Root, lang: Language): void {
  root.render(
    <FirstLoad text={BOOT_FAILED_TEXT[lang]}>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {RELOAD_TEXT[lang]}
      </button>
    </FirstLoad>,
  );
}

/** The app for the current location, once it and what its first screen needs have loaded. */
function launchApp(root: Root, lang: Language, catalog: Promise<unknown>): void {
  const ready = Promise.all([catalog, loadQueryLayer()]);
  ready.catch(() => {}); // handled in app.startApp
  loadApp().then(
    (app) => app.startApp(root, ready, () => offerReload(root, lang)),
    () => offerReload(root, lang),
  );
}

/** The splash before the router: a plain link, and leaving means starting the app at the target. */
function drawSplash(root: Root, lang: Language): void {
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    window.removeEventListener('hashchange', leave);
    launchApp(root, lang, isBootPath(window.location.hash) ? Promise.resolve() : fullCatalog());
  };
  // The splash replaces itself in the history, as the router's navigation from it does.
  const go = (to: SplashTarget) => {
    window.history.replaceState(window.history.state, '', `#${to}`);
    leave();
  };
  // Any other change of location (the back button, a typed URL) starts the app there.
  window.addEventListener('hashchange', leave);
  const WelcomeLink = (props: WelcomeLinkProps) => (
    <a
      href="#/login/start1"
      {...props}
      onClick={(e) => {
        e.preventDefault();
        go('/login/start1');
      }}
    />
  );
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Splash go={go} WelcomeLink={WelcomeLink} />
      </I18nProvider>
    </StrictMode>,
  );
  // While the splash shows: the app, its Query layer and the full catalog, when the browser is idle.
  whenIdle(() => {
    void loadApp().catch(() => {});
    void loadQueryLayer().catch(() => {});
    void fullCatalog().catch(() => {});
  });
}

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const root = createRoot(container);
  watchTheme();

  // index.html carries the prerendered splash (scripts/prerender-shell.ts): it stays until the app
  // draws. Without it (dev server), the first-load spinner (its one text is built in).
  const lang = getLanguage();
  if (!container.querySelector('[data-prerender]')) root.render(<FirstLoad text={BOOT_TEXT[lang]} />);

  // The splash needs only its own messages (the boot catalog); any other screen waits for the full
  // catalog (docs/decisions/020-first-load-and-prerender.md).
  const catalog = isBootPath(window.location.hash) ? activateBootLanguage(lang) : activateLanguage(lang);
  if (!isSplashPath(window.location.hash)) {
    launchApp(root, lang, catalog);
    return;
  }
  try {
    await catalog;
  } catch {
    offerReload(root, lang);
    return;
  }
  drawSplash(root, lang);
}

// In the build, this module runs only after the prerendered shell is painted (index.html's inline
// script adds it: docs/decisions/020-first-load-and-prerender.md).
void boot();
