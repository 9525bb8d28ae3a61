// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rollup } from 'vite';
import { APP_PRELOAD_TEMPLATE_ID, PRELOAD_TEMPLATE_ID, SHELL_SCRIPT } from '../../src/server/http/csp';
import { appPreloads } from '../../scripts/prerender-shell';

// Every start but the splash's preloads the app and the Query layer with the entry; the splash's
// fetches only what draws it (docs/decisions/020-first-load-and-prerender.md).

function chunk(fileName: string, facadeModuleId: string | null, imports: string[] = []): Rollup.OutputChunk {
  return { type: 'chunk', fileName, facadeModuleId, imports } as unknown as Rollup.OutputChunk;
}

const bundle = {
  'app.js': chunk('app.js', '/repo/src/app/main.tsx', ['assets/framework-1.js']),
  'assets/framework-1.js': chunk('assets/framework-1.js', null),
  'assets/app-1.js': chunk('assets/app-1.js', '/repo/src/app/app.tsx', ['assets/router-1.js', 'assets/framework-1.js', 'assets/client-1.js']),
  'assets/router-1.js': chunk('assets/router-1.js', null, ['assets/framework-1.js']),
  'assets/client-1.js': chunk('assets/client-1.js', '/repo/src/app/api/client.ts'),
  'assets/layer-1.js': chunk('assets/layer-1.js', '/repo/src/app/query/layer.tsx', ['assets/query-1.js', 'assets/client-1.js']),
  'assets/query-1.js': chunk('assets/query-1.js', null),
  'assets/screen-1.js': chunk('assets/screen-1.js', '/repo/src/app/features/market/MarketScreen.tsx', ['assets/zod-1.js']),
} as unknown as Rollup.OutputBundle;

describe("the app's preloads", () => {
  it("are the app's and the Query layer's static graphs, less what the entry preloads", () => {
    expect(appPreloads(bundle, new Set(['/app.js', '/assets/framework-1.js']))).toEqual([
      'assets/app-1.js',
      'assets/client-1.js',
      'assets/layer-1.js',
      'assets/query-1.js',
      'assets/router-1.js',
    ]);
  });

  it('fail the build when the app chunk is not found', () => {
    const { 'assets/app-1.js': _app, ...rest } = bundle as Record<string, Rollup.OutputChunk>;
    expect(() => appPreloads(rest as unknown as Rollup.OutputBundle, new Set())).toThrow(/src\/app\/app\.tsx/);
  });
});

describe('the shell script', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    document.documentElement.removeAttribute('data-shell');
  });

  /** The modules the script asks to preload for a start at `hash`. */
  function preloadsFor(hash: string): string[] {
    window.location.hash = hash;
    document.body.innerHTML =
      `<template id="${PRELOAD_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/framework-1.js"></template>` +
      `<template id="${APP_PRELOAD_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/router-1.js"></template>`;
    new Function(SHELL_SCRIPT)();
    vi.advanceTimersByTime(600); // its fallback timer, for a tab that gets no frames
    return [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')!);
  }

  it('preloads only what draws the splash for a start there', () => {
    expect(preloadsFor('#/login/start')).toEqual(['/assets/framework-1.js']);
    expect(document.head.querySelector('script[type=module]')?.getAttribute('src')).toBe('/app.js');
  });

  it('preloads the app too for a start at any other screen', () => {
    expect(preloadsFor('#/trade/index')).toEqual(['/assets/framework-1.js', '/assets/router-1.js']);
  });

  it('starts the app when the first contentful paint is reported, not before', () => {
    let report: (names: string[]) => void = () => {};
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(cb: (list: { getEntriesByName: (n: string) => unknown[] }) => void) {
        report = (names) => cb({ getEntriesByName: (n) => names.filter((x) => x === n) });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    try {
      window.location.hash = '#/login/start';
      document.body.innerHTML = `<template id="${PRELOAD_TEMPLATE_ID}"><link rel="modulepreload" href="/assets/framework-1.js"></template>`;
      new Function(SHELL_SCRIPT)();
      vi.advanceTimersByTime(100); // frames and short timers: no start yet
      report(['first-paint']);
      expect(document.head.querySelector('script[type=module]')).toBeNull();
      report(['first-contentful-paint']);
      expect(document.head.querySelector('script[type=module]')?.getAttribute('src')).toBe('/app.js');
      vi.advanceTimersByTime(600); // the fallback timer adds nothing more
      expect(document.head.querySelectorAll('script[type=module]')).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("adds the app's links two per task after the entry's", () => {
    window.location.hash = '#/trade/index';
    const link = (name: string) => `<link rel="modulepreload" href="/assets/${name}.js">`;
    document.body.innerHTML =
      `<template id="${PRELOAD_TEMPLATE_ID}">${link('framework-1')}${link('app-1')}${link('layer-1')}</template>` +
      `<template id="${APP_PRELOAD_TEMPLATE_ID}">${link('router-1')}${link('query-1')}${link('online-1')}</template>`;
    const linked = () => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')!.slice(8, -5));
    new Function(SHELL_SCRIPT)();
    // Task by task up to the one that adds the entry's script (after a frame, or the fallback timer).
    while (!document.head.querySelector('script[type=module]')) vi.advanceTimersToNextTimer();
    expect(linked()).toEqual(['framework', 'app', 'layer']);
    vi.advanceTimersToNextTimer();
    expect(linked()).toEqual(['framework', 'app', 'layer', 'router', 'query']);
    vi.advanceTimersToNextTimer();
    expect(linked()).toEqual(['framework', 'app', 'layer', 'router', 'query', 'online']);
  });
});
