import { describe, expect, it } from 'vitest';
import { Lru } from '../../src/server/platform/lru';

/* The two-generation LRU (src/server/platform/lru.ts): bounded, and what was used lately stays. */
describe('Lru', () => {
  it('keeps at most max entries, and every entry used since the last turnover', () => {
    const lru = new Lru<number, string>(10);
    for (let i = 0; i < 1_000; i++) {
      lru.set(i, `v${i}`);
      // The previous five keys are still there, whatever the turnover did.
      for (let j = Math.max(0, i - 4); j <= i; j++) expect(lru.get(j)).toBe(`v${j}`);
    }
    let kept = 0;
    for (let i = 0; i < 1_000; i++) if (lru.get(i) !== undefined) kept++;
    expect(kept).toBeLessThanOrEqual(10);
  });

  it('a hit in the older generation moves the entry up, so a key in steady use is never dropped', () => {
    const lru = new Lru<string, number>(4);
    lru.set('hot', 1);
    for (let i = 0; i < 100; i++) {
      lru.set(`cold${i}`, i);
      expect(lru.get('hot')).toBe(1);
    }
    expect(lru.get('cold0')).toBeUndefined();
  });

  it('set replaces a value in either generation; getOr makes a missing one once', () => {
    const lru = new Lru<string, number>(4);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('c', 3); // a, b now in the older generation
    lru.set('a', 10);
    expect(lru.get('a')).toBe(10);
    let made = 0;
    expect(lru.getOr('z', () => ++made)).toBe(1);
    expect(lru.getOr('z', () => ++made)).toBe(1);
    expect(made).toBe(1);
  });
});
