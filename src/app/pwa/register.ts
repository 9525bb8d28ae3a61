import type { Workbox } from 'workbox-window';

/**
 * Service worker registration with workbox-window (vite-plugin-pwa builds `/sw.js` with
 * `registerType: 'prompt'`: a new version installs, then waits until the user accepts it).
 *
 * - Registers only in production builds, only where service workers exist, and not inside the
 *   Capacitor shell (its files are local already).
 * - When a new version is waiting, `isUpdateWaiting()` turns true and subscribers are told
 *   (UpdatePrompt shows "新しいバージョンがあります [更新]").
 * - `applyUpdate()` asks the waiting worker to skip waiting and reloads once it controls the page.
 * - Checks for a new version every hour and whenever the page becomes visible again.
 */

export const SW_URL = '/sw.js';
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

let wb: Workbox | undefined;
let waiting = false;
let registering: Promise<void> | undefined;
const listeners = new Set<() => void>();

function setWaiting(value: boolean): void {
  if (waiting === value) return;
  waiting = value;
  for (const l of [...listeners]) l();
}

export function isUpdateWaiting(): boolean {
  return waiting;
}

/** Be told when "update waiting" changes. Returns the unsubscribe function. */
export function subscribeUpdate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function insideNativeShell(): boolean {
  const cap = (globalThis as { Capacitor?: { isNativePlatform?: () => boolean } }).Capacitor;
  return cap?.isNativePlatform?.() === true;
}

/** Register `/sw.js` (production only). Safe to call more than once. */
export function registerSW(): Promise<void> {
  registering ??= doRegister().catch((err: unknown) => {
    console.warn('service worker registration failed', err);
  });
  return registering;
}

async function doRegister(): Promise<void> {
  if (!import.meta.env.PROD) return;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (insideNativeShell()) return;
  const { Workbox } = await import('workbox-window');
  const w = new Workbox(SW_URL, { scope: '/' });
  wb = w;
  // Fired for a worker installed by this page, by another tab, or found waiting at start.
  w.addEventListener('waiting', () => setWaiting(true));
  await w.register();
  const check = () => {
    void w.update().catch(() => {});
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** Activate the waiting version and reload into it (once the new worker controls the page). */
export function applyUpdate(reloadPage: () => void = () => location.reload()): void {
  const w = wb;
  if (!w || !waiting) {
    reloadPage();
    return;
  }
  let reloaded = false;
  const reload = () => {
    if (reloaded) return;
    reloaded = true;
    reloadPage();
  };
  w.addEventListener('controlling', reload);
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  w.messageSkipWaiting();
}
