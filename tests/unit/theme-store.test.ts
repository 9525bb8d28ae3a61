// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { memoryJsonStore } from '../../src/app/json-store';
import { THEME_COLOR, THEME_KEY, getThemePref, resetThemeForTests, resolvedTheme, setThemePref, watchTheme } from '../../src/app/theme';
import { SHELL_SCRIPT } from '../../src/server/http/csp';

/** A system in light or dark (matchMedia is missing from jsdom). */
function system(dark: boolean): { flip: (d: boolean) => void } {
  const listeners = new Set<() => void>();
  const mql = { matches: dark, addEventListener: (_: string, l: () => void) => listeners.add(l) };
  window.matchMedia = (() => mql) as unknown as typeof window.matchMedia;
  return {
    flip: (d) => {
      mql.matches = d;
      for (const l of listeners) l();
    },
  };
}

function meta(): HTMLMetaElement {
  let m = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
  if (!m) {
    m = document.createElement('meta');
    m.name = 'theme-color';
    m.content = '#ffffff';
    document.head.appendChild(m);
  }
  return m;
}

describe('display theme (src/app/theme.ts)', () => {
  afterEach(() => {
    delete document.documentElement.dataset.theme;
    localStorage.clear();
  });

  it('follows the system until a choice is stored, and keeps the choice', () => {
    const store = memoryJsonStore();
    resetThemeForTests(store);
    const sys = system(true);
    meta();
    watchTheme();
    expect(getThemePref()).toBe('system');
    expect(resolvedTheme()).toBe('dark');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    expect(meta().content).toBe(THEME_COLOR.dark);
    sys.flip(false);
    expect(meta().content).toBe(THEME_COLOR.light);

    setThemePref('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(store.get(THEME_KEY)).toBe('dark');
    resetThemeForTests(store);
    expect(getThemePref()).toBe('dark');

    setThemePref('system');
    expect(store.get(THEME_KEY)).toBeUndefined();
    expect(document.documentElement.dataset.theme).toBeUndefined();
    store.set(THEME_KEY, 'purple');
    resetThemeForTests(store);
    expect(getThemePref()).toBe('system');
  });

  it('is applied by the shell script before the first paint', () => {
    meta();
    system(false);
    localStorage.setItem(THEME_KEY, JSON.stringify('dark'));
    new Function(SHELL_SCRIPT)();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(meta().content).toBe(THEME_COLOR.dark);

    document.documentElement.removeAttribute('data-theme');
    localStorage.removeItem(THEME_KEY);
    system(true);
    new Function(SHELL_SCRIPT)();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(meta().content).toBe(THEME_COLOR.dark);
  });
});
