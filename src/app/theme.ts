import { useSyncExternalStore } from 'react';
import { localJsonStore, type JsonStore } from './json-store';

/*
 * The display theme (issue 35): the system's light or dark unless the user chose one in 設定.
 *
 * The colours are CSS custom properties in styles/global.css, a light set on :root and a dark one
 * applied by `prefers-color-scheme: dark` or by `data-theme="dark"` on <html>; `data-theme="light"`
 * keeps the light set on a dark system. The choice is this device's (localStorage, like the
 * language): before the first paint the shell script (src/server/http/csp.ts SHELL_SCRIPT) sets the
 * attribute and the theme-color meta from the same key, so a dark start never flashes white.
 * Canvas code (the charts) cannot read var(): it asks `useResolvedTheme()` and reads the computed
 * tokens again when the theme changes (components/chart/theme.ts).
 */

export const THEME_PREFS = ['system', 'light', 'dark'] as const;
export type ThemePref = (typeof THEME_PREFS)[number];
export type Theme = 'light' | 'dark';
/** The localStorage key (JSON, through json-store); SHELL_SCRIPT reads it too. */
export const THEME_KEY = 'kabuto.theme';
/** The browser bar's colour per theme: the top bar's background (--bg). SHELL_SCRIPT repeats them. */
export const THEME_COLOR: Record<Theme, string> = { light: '#ffffff', dark: '#17191d' };
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();
let store: JsonStore = localJsonStore;
let pref: ThemePref | null = null;

function isPref(v: unknown): v is ThemePref {
  return typeof v === 'string' && (THEME_PREFS as readonly string[]).includes(v);
}

function media(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

export function getThemePref(): ThemePref {
  if (pref === null) {
    const stored = store.get(THEME_KEY);
    pref = isPref(stored) ? stored : 'system';
  }
  return pref;
}

/** The theme on screen: the choice, or the system's. */
export function resolvedTheme(): Theme {
  const p = getThemePref();
  if (p !== 'system') return p;
  return media()?.matches ? 'dark' : 'light';
}

function apply(): void {
  if (typeof document === 'undefined') return;
  const p = getThemePref();
  if (p === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = p;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[resolvedTheme()]);
}

function notify(): void {
  for (const l of [...listeners]) l();
}

export function setThemePref(next: ThemePref): void {
  pref = isPref(next) ? next : 'system';
  if (pref === 'system') store.remove(THEME_KEY);
  else store.set(THEME_KEY, pref);
  apply();
  notify();
}

/**
 * At boot (main.tsx): apply the stored choice (the dev server has no shell script) and follow the
 * system's changes (the theme-color meta, and the charts through useResolvedTheme).
 */
export function watchTheme(): void {
  apply();
  media()?.addEventListener('change', () => {
    apply();
    notify();
  });
}

/** Tests: use another store and forget the cached choice. */
export function resetThemeForTests(s: JsonStore): void {
  store = s;
  pref = null;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The stored choice (re-renders when it changes). */
export function useThemePref(): ThemePref {
  return useSyncExternalStore(subscribe, getThemePref, () => 'system');
}

/** The theme on screen (re-renders when the choice or the system's theme changes). */
export function useResolvedTheme(): Theme {
  return useSyncExternalStore(subscribe, resolvedTheme, () => 'light');
}
