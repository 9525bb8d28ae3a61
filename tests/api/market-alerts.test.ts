import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { Simulator, type MarketDataSource, type Quote } from '../../src/server/market-sim';
import { changeBp, jstMs } from '../../src/shared/market';

/**
 * The simulator, except that from one minute before the test clock 7203 is stuck at its upper
 * limit on heavy volume and 6758 at its lower limit: the events every alert kind looks for.
 */
class StressedMarket implements MarketDataSource {
  private readonly sim = new Simulator();
  readonly from = TEST_NOW - 60_000;
  instruments = () => this.sim.instruments();
  instrument = (code: string) => this.sim.instrument(code);
  dailyBars = (...a: Parameters<Simulator['dailyBars']>) => this.sim.dailyBars(...a);
  minuteBars = (...a: Parameters<Simulator['minuteBars']>) => this.sim.minuteBars(...a);
  corporateActions = (code: string) => this.sim.corporateActions(code);
  quote(code: string, at: number): Quote {
    const q = this.sim.quote(code, at);
    if (at < this.from || (code !== '7203' && code !== '6758')) return q;
    const up = code === '7203';
    const price = up ? q.limits!.upper : q.limits!.lower;
    return {
      ...q, price, change: price - q.prevClose, changeBp: changeBp(price, q.prevClose), volume: q.volume * 40,
      high: up ? price : q.high, low: up ? q.low : price, limitState: up ? 'up' : 'down', bid: up ? price : null, ask: up ? null : price,
    };
  }
}

describe.each(testDialects())('market alerts (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect, market: new StressedMarket() });
  });
  afterAll(() => s?.close());
  const kinds = (d: any) => d.alerts.map((a: any) => a.kind).sort();

  it('flags limit up, sharp rises (day and five minutes) and a volume spike', async () => {
    const res = await s.call('get', 'market/alerts/7203');
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ code: '7203', at: TEST_NOW, limitState: 'up', simulated: true });
    expect(kinds(d)).toEqual(['limit_up', 'sharp_rise', 'sharp_rise_5m', 'volume_spike']);
    const q = (await s.call('get', 'market/quote/7203')).body.data.quote;
    expect(d.alerts.find((a: any) => a.kind === 'limit_up')).toEqual({ kind: 'limit_up', value: q.price, threshold: q.limits.upper });
    expect(d.volumeRatioX100).toBeGreaterThanOrEqual(200);
    expect(d.change5mBp).toBeGreaterThanOrEqual(500);
  });

  it('flags limit down and sharp falls', async () => {
    const d = (await s.call('get', 'market/alerts/6758')).body.data;
    expect(kinds(d)).toEqual(expect.arrayContaining(['limit_down', 'sharp_fall', 'sharp_fall_5m']));
    expect(d.changeBp).toBeLessThanOrEqual(-500);
  });

  it('every alert follows its stated rule, for the whole listed board', async () => {
    const board = await s.call('get', 'market/instruments?board=listed&limit=100');
    for (const row of board.body.data.items) {
      const d = (await s.call('get', `market/alerts/${row.code}`)).body.data;
      const has = (k: string) => d.alerts.some((a: any) => a.kind === k);
      expect(has('sharp_rise'), row.code).toBe(d.changeBp >= 500);
      expect(has('sharp_fall'), row.code).toBe(d.changeBp <= -500);
      expect(has('sharp_rise_5m'), row.code).toBe(d.change5mBp !== null && d.change5mBp >= 500);
      expect(has('volume_spike'), row.code).toBe(d.volumeRatioX100 !== null && d.volumeRatioX100 >= 200);
      expect(has('limit_up'), row.code).toBe(d.limitState === 'up');
    }
  });

  it('no five-minute move exists in the first minutes of the day', async () => {
    s.clock.set(jstMs('2026-11-24', 9, 3));
    try {
      const d = (await s.call('get', 'market/alerts/9984')).body.data;
      expect(d.change5mBp).toBeNull();
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it("watchlist alerts: the user's list in order, login required, watchlist=1 only", async () => {
    const u = await registerUser(s);
    for (const code of ['9984', '7203', 'BTCJPY']) await s.call('put', `watchlist/${code}`, { token: u.token });
    const res = await s.call('get', 'market/alerts?watchlist=1', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: any) => i.code)).toEqual(['9984', '7203', 'BTCJPY']);
    expect(kinds(res.body.data.items[1])).toContain('limit_up');
    expect(res.body.data.simulated).toBe(true);
    const anon = await s.call('get', 'market/alerts?watchlist=1');
    expect(anon.status).toBe(401);
    expect(anon.body.msg).toBe('login_required');
    for (const q of ['', '?watchlist=0', '?watchlist=yes']) {
      const bad = await s.call('get', `market/alerts${q}`, { token: u.token });
      expect(bad.status, q).toBe(400);
    }
    const other = await registerUser(s);
    expect((await s.call('get', 'market/alerts?watchlist=1', { token: other.token })).body.data.items).toEqual([]);
  });
});
