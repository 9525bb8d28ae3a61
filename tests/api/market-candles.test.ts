import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { CANDLE_PERIODS } from '../../src/shared/api/market';
import { jstDate, jstMs, sessionBounds } from '../../src/shared/market';

/** Candles: every period and adjustment, never past the market clock. Clock: Tuesday 10:00 JST. */
describe.each(testDialects({ database: false }))('market candles (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const candles = async (code: string, query: string) => {
    const res = await s.call('get', `market/candles/${code}?${query}`);
    expect(res.status, `${code}?${query}: ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    return res.body.data;
  };
  const quote = async (code: string) => (await s.call('get', `market/quote/${code}`)).body.data.quote;
  const ohlcOk = (b: any) => b.l <= Math.min(b.o, b.c) && b.h >= Math.max(b.o, b.c) && b.v >= 0;

  it('answers every period and adjustment with sorted, valid bars that all start by now', async () => {
    for (const period of CANDLE_PERIODS) {
      for (const adjust of ['none', 'forward', 'backward']) {
        const d = await candles('7203', `period=${period}&adjust=${adjust}`);
        expect(d).toMatchObject({ code: '7203', period, adjust, priceScale: 10, at: TEST_NOW, tradingDate: '2026-11-24', simulated: true });
        expect(d.bars.length, period).toBeGreaterThan(0);
        for (let i = 1; i < d.bars.length; i++) expect(d.bars[i].t).toBeGreaterThan(d.bars[i - 1].t);
        for (const b of d.bars) {
          expect(b.t).toBeLessThanOrEqual(TEST_NOW);
          expect(ohlcOk(b), JSON.stringify(b)).toBe(true);
        }
      }
    }
  });

  it('time-share: today up to the running minute, the average line, the previous close', async () => {
    const d = await candles('7203', 'period=time');
    const q = await quote('7203');
    const open = sessionBounds('2026-11-24').open;
    expect(d.bars).toHaveLength(61); // 9:00 … 10:00 (10:00 is the minute in progress)
    expect(d.bars[0].t).toBe(open);
    expect(d.bars.at(-1).t).toBe(TEST_NOW);
    expect(d.avg).toHaveLength(d.bars.length);
    expect(d.prevClose).toBe(q.prevClose);
    // The last point is the quote: same price, and the volumes add up to the quote's.
    expect(d.bars.at(-1).c).toBe(q.price);
    expect(d.bars.reduce((sum: number, b: any) => sum + b.v, 0)).toBe(q.volume);
    expect(d.bars.reduce((sum: number, b: any) => sum + b.turnover, 0)).toBe(q.turnover);
    const a = d.avg.at(-1);
    expect(a).toBeGreaterThanOrEqual(q.low);
    expect(a).toBeLessThanOrEqual(q.high);
    // The chart module's names are accepted as aliases.
    expect((await candles('7203', 'period=timeshare')).bars).toEqual(d.bars);
  });

  it('completed bars never change as the clock moves; new ones appear only when their time comes', async () => {
    const before = await candles('7203', 'period=1m');
    s.clock.advance(7 * 60_000);
    try {
      const after = await candles('7203', 'period=1m');
      const done = before.bars.filter((b: any) => b.t + 60_000 <= TEST_NOW);
      expect(after.bars.slice(0, done.length)).toEqual(done);
      expect(after.bars.at(-1).t).toBe(TEST_NOW + 7 * 60_000);
      expect(after.bars.length).toBe(before.bars.length + 7);
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it("today's daily bar is the quote's; intraday periods are aligned and capped at 20 days", async () => {
    const q = await quote('7203');
    const day = await candles('7203', 'period=day');
    expect(day.bars.at(-1)).toEqual({ t: jstMs('2026-11-24', 0), o: q.open, h: q.high, l: q.low, c: q.price, v: q.volume });
    expect(day.bars.length).toBeGreaterThan(1_150); // five years
    expect(day.bars.length).toBeLessThan(1_300);
    for (const [period, size] of [['5m', 5], ['15m', 15], ['30m', 30]] as const) {
      const d = await candles('7203', `period=${period}`);
      const days = new Set(d.bars.map((b: any) => jstDate(b.t)));
      expect(days.size).toBe(20);
      for (const b of d.bars) expect(b.t % (size * 60_000)).toBe(0);
    }
    const week = await candles('7203', 'period=week');
    for (const b of week.bars) expect(new Date(b.t + 9 * 3_600_000).getUTCDay()).toBe(1); // Monday 00:00 JST
    const month = await candles('7203', 'period=month');
    const year = await candles('7203', 'period=year');
    const half = await candles('7203', 'period=6month');
    expect(month.bars.at(-1).c).toBe(q.price);
    expect(year.bars.at(-1).c).toBe(q.price);
    expect(half.bars.length).toBeGreaterThanOrEqual(2 * (year.bars.length - 1));
  });

  it('before the open the time-share is the previous trading day, complete', async () => {
    s.clock.set(jstMs('2026-11-24', 8, 30));
    try {
      const d = await candles('7203', 'period=time');
      expect(d.tradingDate).toBe('2026-11-20'); // Monday 23 Nov 2026 is a holiday (勤労感謝の日)
      expect(d.bars).toHaveLength(326); // 325 continuous minutes + the closing auction
      expect(d.bars.at(-1).t).toBe(sessionBounds('2026-11-20').close);
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it('24-hour markets: crypto from midnight, FX from 7:00', async () => {
    const btc = await candles('BTCJPY', 'period=time');
    expect(btc.bars).toHaveLength(601);
    expect(btc.bars[0].t).toBe(jstMs('2026-11-24', 0));
    const usd = await candles('USDJPY', 'period=time');
    expect(usd.bars[0].t).toBe(jstMs('2026-11-24', 7));
    expect(usd.bars.at(-1).t).toBe(TEST_NOW);
    expect((await candles('BTCJPY', 'period=5m')).bars.length).toBeGreaterThan(19 * 288);
  });

  it('forward keeps the latest prices real, backward the oldest; both reflect the dividends', async () => {
    const none = await candles('7203', 'period=day');
    const fwd = await candles('7203', 'period=day&adjust=forward');
    const back = await candles('7203', 'period=day&adjust=backward');
    const inside = none.actions.filter((a: any) => jstMs(a.exDate, 0) > none.bars[0].t);
    expect(inside.length).toBeGreaterThan(0);
    expect(none.actions.every((a: any) => a.exDate <= '2026-11-24')).toBe(true); // no future actions
    expect(fwd.bars.at(-1)).toEqual(none.bars.at(-1));
    expect(back.bars[0]).toEqual(none.bars[0]);
    expect(fwd.bars[0].c).toBeLessThan(none.bars[0].c); // dividends pushed older prices down
    expect(back.bars.at(-1).c).toBeGreaterThan(none.bars.at(-1).c);
  });

  it('refuses bad period and adjust (400) and unknown codes (404)', async () => {
    for (const q of ['period=2h', 'period=DAY', 'adjust=both', 'period=day&adjust=']) {
      const res = await s.call('get', `market/candles/7203?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ status: 0, msg: 'invalid_request' });
    }
    const res = await s.call('get', 'market/candles/9999?period=day');
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('product_not_found');
  });
});
