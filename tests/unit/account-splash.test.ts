import { describe, expect, it } from 'vitest';
import { WELCOMED_KEY, isWelcomed, markWelcomed, splashTarget } from '../../src/app/features/account/splash';
import type { JsonStore } from '../../src/app/json-store';

function memoryStore(): JsonStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: (k) => data.get(k), set: (k, v) => void data.set(k, v), remove: (k) => void data.delete(k) };
}

describe('where the splash goes (/login/start1 is reachable)', () => {
  it('sends a first visit to the welcome screen, later visits to the login form, a session home', () => {
    expect(splashTarget(false, false)).toBe('/login/start1');
    expect(splashTarget(false, true)).toBe('/login/login');
    expect(splashTarget(true, false)).toBe('/home/index');
    expect(splashTarget(true, true)).toBe('/home/index');
  });

  it('remembers the welcome per device', () => {
    const store = memoryStore();
    expect(isWelcomed(store)).toBe(false);
    markWelcomed(store);
    expect(isWelcomed(store)).toBe(true);
    expect(store.data.get(WELCOMED_KEY)).toBe(true);
  });
});
