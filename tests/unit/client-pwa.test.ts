// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (e: unknown) => void;
const wb = vi.hoisted(() => ({
  instances: [] as { url: string; listeners: Map<string, Handler[]> }[],
  skipWaiting: vi.fn(),
  register: vi.fn(async () => ({})),
  update: vi.fn(async () => {}),
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    listeners = new Map<string, Handler[]>();
    constructor(readonly url: string) {
      wb.instances.push(this);
    }
    addEventListener(type: string, fn: Handler) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
    }
    register = wb.register;
    update = wb.update;
    messageSkipWaiting = wb.skipWaiting;
  },
}));

const fire = (type: string) => {
  for (const fn of wb.instances.at(-1)?.listeners.get(type) ?? []) fn({ type });
};

beforeEach(() => {
  vi.resetModules();
  wb.instances.length = 0;
  vi.clearAllMocks();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: new EventTarget(),
  });
});
afterEach(() => {
  vi.unstubAllEnvs();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
});

describe('service worker registration', () => {
  it('does nothing outside a production build', async () => {
    vi.stubEnv('PROD', false);
    const { registerSW } = await import('../../src/app/pwa/register');
    await registerSW();
    expect(wb.instances).toHaveLength(0);
  });

  it('does nothing inside the Capacitor shell', async () => {
    vi.stubEnv('PROD', true);
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true };
    const { registerSW } = await import('../../src/app/pwa/register');
    await registerSW();
    expect(wb.instances).toHaveLength(0);
  });

  it('registers /sw.js once, reports a waiting version, and activates it on request', async () => {
    vi.stubEnv('PROD', true);
    const { registerSW, isUpdateWaiting, subscribeUpdate, applyUpdate } = await import('../../src/app/pwa/register');
    await registerSW();
    await registerSW();
    expect(wb.instances.map((i) => i.url)).toEqual(['/sw.js']);
    expect(wb.register).toHaveBeenCalledTimes(1);

    const told = vi.fn();
    subscribeUpdate(told);
    expect(isUpdateWaiting()).toBe(false);
    fire('waiting');
    expect(isUpdateWaiting()).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);

    const reload = vi.fn();
    applyUpdate(reload);
    expect(wb.skipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled(); // not before the new worker controls the page
    fire('controlling');
    navigator.serviceWorker.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
