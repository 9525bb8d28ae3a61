import { useSyncExternalStore } from 'react';
import { localJsonStore, type JsonStore } from '../../json-store';
import { useResolvedTheme, type Theme } from '../../theme';

/*
 * Rise / fall colours — a setting (issue 4: "up/down colours chosen deliberately for Japanese
 * investors … make it a setting and document the default").
 *
 * Default: rise red #d7263d, fall blue #1f5fc4. Japanese brokers' boards and charts mostly show a
 * rise in red (陽線 red) and a fall in blue or green; red against blue stays distinguishable for
 * red–green colour-blind readers, which red against green does not (see components/chart/colors.ts).
 * The alternatives are red/green (as in Taiwan and mainland China) and green/red (Western apps).
 * Colour is never the only cue: every change also carries a sign and an arrow.
 *
 * The CSS variables --rise / --fall / --flat (styles/global.css) follow the `data-updown` attribute
 * on <html>; the chart gets the same colours as props. A dark theme (src/app/theme.ts) keeps the
 * hues, lighter for a dark background (≥ 4.5:1: tests/unit/theme-contrast.test.ts checks these
 * tables against styles/global.css).
 */

export const UPDOWN_SCHEMES = ['red-blue', 'red-green', 'green-red'] as const;
export type UpDownScheme = (typeof UPDOWN_SCHEMES)[number];
export const DEFAULT_UPDOWN: UpDownScheme = 'red-blue';
export const UPDOWN_KEY = 'kabuto.updownColors';

export const UPDOWN_COLORS: Record<UpDownScheme, { rise: string; fall: string }> = {
  'red-blue': { rise: '#d7263d', fall: '#1f5fc4' },
  'red-green': { rise: '#d7263d', fall: '#0f7b4f' },
  'green-red': { rise: '#0f7b4f', fall: '#d7263d' },
};
export const UPDOWN_COLORS_DARK: Record<UpDownScheme, { rise: string; fall: string }> = {
  'red-blue': { rise: '#ff6b7a', fall: '#6ea8ff' },
  'red-green': { rise: '#ff6b7a', fall: '#4cc38a' },
  'green-red': { rise: '#4cc38a', fall: '#ff6b7a' },
};
/** The table of the theme on screen. */
export function upDownColors(theme: Theme): Record<UpDownScheme, { rise: string; fall: string }> {
  return theme === 'dark' ? UPDOWN_COLORS_DARK : UPDOWN_COLORS;
}

function isScheme(v: unknown): v is UpDownScheme {
  return typeof v === 'string' && (UPDOWN_SCHEMES as readonly string[]).includes(v);
}

const listeners = new Set<() => void>();
let store: JsonStore = localJsonStore;
let current: UpDownScheme | null = null;

function apply(scheme: UpDownScheme): void {
  if (typeof document === 'undefined') return;
  if (scheme === DEFAULT_UPDOWN) delete document.documentElement.dataset.updown;
  else document.documentElement.dataset.updown = scheme;
}

export function getUpDownScheme(): UpDownScheme {
  if (current === null) {
    const stored = store.get(UPDOWN_KEY);
    current = isScheme(stored) ? stored : DEFAULT_UPDOWN;
    apply(current);
  }
  return current;
}

export function setUpDownScheme(scheme: UpDownScheme): void {
  current = isScheme(scheme) ? scheme : DEFAULT_UPDOWN;
  if (current === DEFAULT_UPDOWN) store.remove(UPDOWN_KEY);
  else store.set(UPDOWN_KEY, current);
  apply(current);
  for (const l of [...listeners]) l();
}

/** Tests: use another store and forget the cached choice. */
export function resetUpDownForTests(s: JsonStore): void {
  store = s;
  current = null;
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

/** The chosen scheme (re-renders when it or the theme changes) and its colours in the theme on screen. */
export function useUpDown(): { scheme: UpDownScheme; rise: string; fall: string } {
  const scheme = useSyncExternalStore(subscribe, getUpDownScheme, () => DEFAULT_UPDOWN);
  const theme = useResolvedTheme();
  return { scheme, ...upDownColors(theme)[scheme] };
}
