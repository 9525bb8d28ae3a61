import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TrieRouter } from 'hono/router/trie-router';
import { KeptMatchRouter } from '../../src/server/http/router';

/* The API's router (src/server/http/router.ts): Hono's TrieRouter with each path's match kept. */
const ROUTES: [string, string][] = [
  ['ALL', '*'],
  ['ALL', '/api/vue/*'],
  ['GET', '/api/vue/user/info'],
  ['POST', '/api/vue/watchlist/groups/order'],
  ['POST', '/api/vue/watchlist/groups/:id'],
  ['GET', '/api/vue/strategies/holdings'],
  ['GET', '/api/vue/strategies/:id'],
  ['POST', '/api/vue/strategies/holdings/:id/redeem'],
  ['GET', '/api/vue/market/stocks/:code/bars'],
];
const segment = fc.constantFrom('api', 'vue', 'user', 'info', 'watchlist', 'groups', 'order', 'strategies', 'holdings', 'redeem', 'market', 'stocks', 'bars', '7203', 'x%20y', '');
// Mostly the routes' own paths (a parameter filled in), so methods and parameters are told apart.
const routePath = fc.tuple(fc.constantFrom(...ROUTES.map(([, p]) => p).filter((p) => p !== '*')), fc.constantFrom('7203', 'order', 'holdings', 'a b')).map(([p, v]) => p.replace(/:\w+|\*/, v));
const path = fc.oneof(routePath, fc.array(segment, { maxLength: 7 }).map((s) => `/${s.join('/')}`));
const method = fc.constantFrom('GET', 'POST', 'PUT', 'DELETE');

function both() {
  const trie = new TrieRouter<string>();
  const kept = new KeptMatchRouter<string>();
  for (const [m, p] of ROUTES) {
    trie.add(m, p, `${m} ${p}`);
    kept.add(m, p, `${m} ${p}`);
  }
  return { trie, kept };
}

describe('KeptMatchRouter', () => {
  it("answers every method and path as Hono's TrieRouter does, the first time and every time after", () => {
    const { trie, kept } = both();
    fc.assert(
      fc.property(fc.array(fc.tuple(method, path), { minLength: 1, maxLength: 20 }), (calls) => {
        for (const [m, p] of [...calls, ...calls]) expect(kept.match(m, p)).toEqual(trie.match(m, p));
      }),
      { numRuns: 300, seed: 1 },
    );
  });

  it('a route added after a match is found (what was kept is dropped)', () => {
    const { kept } = both();
    const before = kept.match('GET', '/api/vue/user/settings');
    expect(before[0].map(([h]) => h)).toEqual(['ALL *', 'ALL /api/vue/*']);
    kept.add('GET', '/api/vue/user/settings', 'GET /api/vue/user/settings');
    expect(kept.match('GET', '/api/vue/user/settings')[0].map(([h]) => h)).toContain('GET /api/vue/user/settings');
  });

  it('a path param is the one of that path, never of a path matched before it', () => {
    const { kept } = both();
    const params = (p: string) => kept.match('GET', p)[0].find(([h]) => h.endsWith('/bars'))?.[1];
    expect(params('/api/vue/market/stocks/7203/bars')).toEqual({ code: '7203' });
    expect(params('/api/vue/market/stocks/6758/bars')).toEqual({ code: '6758' });
    expect(params('/api/vue/market/stocks/7203/bars')).toEqual({ code: '7203' });
  });
});
