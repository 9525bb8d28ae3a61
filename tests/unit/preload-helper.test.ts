// @vitest-environment jsdom
/**
 * The built app's preload helper (scripts/preload-helper.js, installed by
 * scripts/vite-preload-batches.ts): a dynamic import's modulepreload links go in a few per task,
 * its stylesheets at once, and the module is imported once its CSS is in.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Preload = (base: () => Promise<unknown>, deps?: string[]) => Promise<unknown>;
let preload: Preload;
let perTask: number;

const modulepreloads = () => [...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => new URL((l as HTMLLinkElement).href).pathname);
const stylesheets = () => [...document.head.querySelectorAll('link[rel=stylesheet]')] as HTMLLinkElement[];

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.resetModules();
  document.head.innerHTML = '';
  // @ts-expect-error plain JavaScript module of the build
  const helper = await import('../../scripts/preload-helper.js');
  preload = helper.__vitePreload;
  perTask = helper.LINKS_PER_TASK;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('preload helper', () => {
  it('imports at once and adds the modulepreload links a few per task', async () => {
    const deps = Array.from({ length: 10 }, (_, i) => `assets/dep${i}-abc.js`);
    const base = vi.fn(async () => ({ ok: true }));
    const result = preload(base, deps);
    // Nothing added in the calling task: that task is the import()'s caller's (a render, a route load).
    expect(modulepreloads()).toEqual([]);
    await expect(result).resolves.toEqual({ ok: true });
    expect(base).toHaveBeenCalledTimes(1);
    vi.advanceTimersToNextTimer();
    expect(modulepreloads()).toEqual(deps.slice(0, perTask).map((d) => `/${d}`));
    vi.advanceTimersToNextTimer();
    expect(modulepreloads()).toHaveLength(Math.min(10, 2 * perTask));
    vi.runAllTimers();
    expect(modulepreloads()).toEqual(deps.map((d) => `/${d}`));
  });

  it('links each module once, and none that the page already links', async () => {
    const present = document.createElement('link');
    present.rel = 'modulepreload';
    present.href = '/assets/framework-x.js';
    document.head.appendChild(present);
    await preload(async () => null, ['assets/a.js', 'assets/framework-x.js']);
    await preload(async () => null, ['assets/a.js', 'assets/b.js']);
    vi.runAllTimers();
    expect(modulepreloads().sort()).toEqual(['/assets/a.js', '/assets/b.js', '/assets/framework-x.js']);
  });

  it('adds stylesheets at once and imports only after they load; a second import waits for the same load', async () => {
    const base = vi.fn(async () => 'module');
    const first = preload(base, ['assets/screen-1.js', 'assets/screen-1.css']);
    const second = preload(base, ['assets/other-2.js', 'assets/screen-1.css']);
    expect(stylesheets().map((l) => new URL(l.href).pathname)).toEqual(['/assets/screen-1.css']);
    await Promise.resolve();
    await Promise.resolve();
    expect(base).not.toHaveBeenCalled();
    stylesheets()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe('module');
    await expect(second).resolves.toBe('module');
    expect(base).toHaveBeenCalledTimes(2);
  });

  it("reports a failed import as Vite's vite:preloadError and rejects", async () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as Event & { payload: unknown }).payload);
    window.addEventListener('vite:preloadError', listener);
    const err = new Error('chunk gone');
    await expect(preload(() => Promise.reject(err), ['assets/gone.js'])).rejects.toBe(err);
    expect(seen).toEqual([err]);
    window.removeEventListener('vite:preloadError', listener);
  });

  it('a failed stylesheet is reported, and the import is not attempted', async () => {
    const base = vi.fn(async () => 'module');
    const result = preload(base, ['assets/x.js', 'assets/broken.css']);
    stylesheets()[0]!.dispatchEvent(new Event('error'));
    await expect(result).rejects.toThrow(/Unable to preload CSS/);
    expect(base).not.toHaveBeenCalled();
  });
});
