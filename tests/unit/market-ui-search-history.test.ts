import { describe, expect, it } from 'vitest';
import { memoryJsonStore } from '../../src/app/json-store';
import { HISTORY_KEY_PREFIX, HISTORY_MAX, SearchHistory, addTerm, normalizeTerm, removeTerm } from '../../src/app/features/watchlist/search-history';

describe('search history (pure)', () => {
  it('puts the newest term first and moves repeats to the front', () => {
    let h: string[] = [];
    h = addTerm(h, 'トヨタ');
    h = addTerm(h, '7203');
    h = addTerm(h, 'トヨタ');
    expect(h).toEqual(['トヨタ', '7203']);
  });

  it('treats case, full-width letters and spacing as the same term', () => {
    let h = addTerm([], 'sony');
    h = addTerm(h, 'ＳＯＮＹ');
    expect(h).toEqual(['ＳＯＮＹ']);
    expect(addTerm(['a  b'], '  a b ')).toEqual(['a b']);
    expect(normalizeTerm('  mitsubishi   ufj  ')).toBe('mitsubishi ufj');
  });

  it('ignores empty terms and keeps at most HISTORY_MAX', () => {
    expect(addTerm(['x'], '   ')).toEqual(['x']);
    let h: string[] = [];
    for (let i = 0; i < HISTORY_MAX + 5; i++) h = addTerm(h, `t${i}`);
    expect(h).toHaveLength(HISTORY_MAX);
    expect(h[0]).toBe(`t${HISTORY_MAX + 4}`);
    expect(removeTerm(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('cuts very long terms', () => {
    expect(normalizeTerm('x'.repeat(80))).toHaveLength(50);
  });
});

describe('SearchHistory store', () => {
  it('is kept per account, survives a reload and can be cleared', () => {
    const store = memoryJsonStore();
    let account: string | null = 'u1';
    const h = new SearchHistory(store, () => account);
    let notified = 0;
    h.subscribe(() => notified++);
    h.add('トヨタ');
    h.add('ソニー');
    expect(h.list()).toEqual(['ソニー', 'トヨタ']);
    expect(new SearchHistory(store, () => 'u1').list()).toEqual(['ソニー', 'トヨタ']);
    account = 'u2';
    expect(h.list()).toEqual([]);
    account = 'u1';
    h.remove('トヨタ');
    expect(h.list()).toEqual(['ソニー']);
    h.clear();
    expect(h.list()).toEqual([]);
    expect(store.get(`${HISTORY_KEY_PREFIX}:u1`)).toBeUndefined();
    expect(notified).toBe(4);
  });

  it('returns the same array until it changes (a React snapshot) and ignores junk', () => {
    const store = memoryJsonStore();
    store.set(`${HISTORY_KEY_PREFIX}:anon`, ['ok', 3, null, 'fine']);
    const h = new SearchHistory(store, () => null);
    const a = h.list();
    expect(a).toEqual(['ok', 'fine']);
    expect(h.list()).toBe(a);
    h.add('fine'); // already first? no: 'ok' is first → moves
    expect(h.list()).toEqual(['fine', 'ok']);
    const b = h.list();
    h.add('fine'); // no change → same snapshot
    expect(h.list()).toBe(b);
  });
});
