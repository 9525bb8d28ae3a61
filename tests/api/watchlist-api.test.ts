import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { WATCHLIST_MAX } from '../../src/shared/api/watchlist';

/** Watchlist: per user, ordered, idempotent edits, strict reorder, at most 200 entries. */
describe.each(testDialects())('watchlist (%s)', (dialect) => {
  let s: TestServer;
  let u: TestUser;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    u = await registerUser(s);
  });
  afterAll(() => s?.close());

  const put = (code: string, token = u.token) => s.call('put', `watchlist/${code}`, { token });
  const del = (code: string, token = u.token) => s.call('delete', `watchlist/${code}`, { token });
  const order = (codes: unknown, token = u.token) => s.call('post', 'watchlist/order', { body: { codes }, token });
  const list = async (token = u.token) => {
    const res = await s.call('get', 'watchlist', { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  it('adds in order with quotes, idempotently, and persists in the database', async () => {
    expect(await list()).toEqual({ codes: [], items: [], max: WATCHLIST_MAX, simulated: true });
    expect((await put('7203')).body.data).toEqual({ codes: ['7203'], added: true });
    expect((await put('btcjpy')).body.data).toEqual({ codes: ['7203', 'BTCJPY'], added: true });
    expect((await put('N225')).body.data.codes).toEqual(['7203', 'BTCJPY', 'N225']);
    expect((await put('7203')).body.data).toEqual({ codes: ['7203', 'BTCJPY', 'N225'], added: false });
    const d = await list();
    expect(d.codes).toEqual(['7203', 'BTCJPY', 'N225']);
    expect(d.items.map((i: any) => i.code)).toEqual(d.codes);
    const q = (await s.call('get', 'market/quote/7203')).body.data.quote;
    expect(d.items[0]).toMatchObject({ code: '7203', nameJa: 'トヨタ自動車', price: q.price, changeBp: q.changeBp, simulated: true });
    const rows = await s.services.database.db.selectFrom('watchlist').selectAll().where('user_id', '=', u.id).execute();
    expect(rows.map((r) => r.code).sort()).toEqual(['7203', 'BTCJPY', 'N225']);
    expect(rows.every((r) => Number(r.added_at) === s.clock.now())).toBe(true);
  });

  it('reorders with a permutation only, and the order sticks', async () => {
    expect((await order(['N225', '7203', 'BTCJPY'])).body.data).toEqual({ codes: ['N225', '7203', 'BTCJPY'] });
    expect((await list()).codes).toEqual(['N225', '7203', 'BTCJPY']);
    const bad: unknown[] = [['N225', '7203'], ['N225', '7203', 'BTCJPY', '6758'], ['N225', '7203', '7203'], ['N225', '7203', '6758'], 'N225', [1, 2, 3]];
    for (const codes of bad) {
      const res = await order(codes);
      expect(res.status, JSON.stringify(codes)).toBe(400);
      expect(res.body.msg).toBe('invalid_request');
    }
    expect((await list()).codes).toEqual(['N225', '7203', 'BTCJPY']);
  });

  it('removes idempotently; a later add goes to the end', async () => {
    expect((await del('7203')).body.data).toEqual({ codes: ['N225', 'BTCJPY'], removed: true });
    expect((await del('7203')).body.data).toEqual({ codes: ['N225', 'BTCJPY'], removed: false });
    expect((await put('6758')).body.data.codes).toEqual(['N225', 'BTCJPY', '6758']);
    expect((await put('7203')).body.data.codes).toEqual(['N225', 'BTCJPY', '6758', '7203']);
    expect((await list()).codes).toEqual(['N225', 'BTCJPY', '6758', '7203']);
  });

  it("is per user: another user neither sees nor changes it", async () => {
    const other = await registerUser(s);
    expect((await list(other.token)).codes).toEqual([]);
    await put('9984', other.token);
    await del('N225', other.token);
    expect((await list(other.token)).codes).toEqual(['9984']);
    expect((await list()).codes).toEqual(['N225', 'BTCJPY', '6758', '7203']);
    expect((await order(['N225', 'BTCJPY', '6758', '7203'], other.token)).status).toBe(400);
  });

  it('refuses unknown codes (404), malformed codes (400) and anonymous calls (401)', async () => {
    const unknown = await put('9999');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 0, msg: 'product_not_found', params: { code: '9999' } });
    expect((await put('72-03')).status).toBe(400);
    expect((await del('%20')).status).toBe(400);
    for (const res of [await s.call('get', 'watchlist'), await s.call('put', 'watchlist/7203'), await s.call('delete', 'watchlist/7203'), await s.call('post', 'watchlist/order', { body: { codes: [] } })]) {
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('login_required');
    }
  });

  it(`holds at most ${WATCHLIST_MAX} entries`, async () => {
    const full = await registerUser(s);
    const stocks = s.services.market.instruments().filter((i) => i.kind === 'stock').slice(0, WATCHLIST_MAX + 1);
    for (const i of stocks.slice(0, WATCHLIST_MAX)) expect((await put(i.code, full.token)).status).toBe(200);
    const over = await put(stocks[WATCHLIST_MAX]!.code, full.token);
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ msg: 'invalid_request', params: { max: WATCHLIST_MAX } });
    expect((await put(stocks[0]!.code, full.token)).body.data.added).toBe(false); // still idempotent when full
    const d = await list(full.token);
    expect(d.codes).toHaveLength(WATCHLIST_MAX);
    expect(d.items).toHaveLength(WATCHLIST_MAX);
    const reversed = [...d.codes].reverse();
    expect((await order(reversed, full.token)).body.data.codes).toEqual(reversed);
  });

  it('concurrent adds from two devices keep one entry per code and distinct places', async () => {
    const c = await registerUser(s);
    const codes = ['7203', '6758', '9984', '8306', '6861', '7203', '6758'];
    const results = await Promise.all(codes.map((code) => put(code, c.token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const d = await list(c.token);
    expect([...d.codes].sort()).toEqual(['6758', '6861', '7203', '8306', '9984']);
    const rows = await s.services.database.db.selectFrom('watchlist').select('position').where('user_id', '=', c.id).execute();
    expect(new Set(rows.map((r) => r.position)).size).toBe(5);
  });
});
