import { describe, expect, it } from 'vitest';
import { simBook, type BookInput } from '../../src/server/market-sim/book';
import { checkpoints, latestPrints, minutePrints } from '../../src/server/market-sim/trades';
import { Simulator } from '../../src/server/market-sim';
import { limitPrices } from '../../src/shared/market/limits';
import { isOnTick, roundToTick, stepTick, type TickTable } from '../../src/shared/market/tick';
import { jstMs } from '../../src/shared/market';

/** The pure 板 and 歩み値 generators of the simulator (market-sim/book.ts, trades.ts). */

const AT = jstMs('2026-11-24', 10, 0);

function input(over: Partial<BookInput> = {}): BookInput {
  const base = 25_000; // ¥2,500
  return {
    seed: 'kabuto', code: '7203', at: AT, bid: base, ask: base + 5,
    limits: limitPrices(base, 'topix500'), limitState: null, tickTable: 'topix500',
    typicalVolume: 20_000_000, depth: 10, ...over,
  };
}

function expectLadder(levels: { price: number; qty: number }[], table: TickTable, dir: 1 | -1) {
  levels.forEach((l, i) => {
    expect(isOnTick(l.price, table)).toBe(true);
    expect(l.qty % 100).toBe(0);
    expect(l.qty).toBeGreaterThan(0);
    if (i > 0) expect(l.price).toBe(stepTick(levels[i - 1]!.price, table, dir));
  });
}

describe('simBook', () => {
  it('puts the quote\'s bid and ask on top and steps one tick a level, in whole lots', () => {
    const b = simBook(input());
    expect(b.status).toBe('open');
    expect(b.asks[0]!.price).toBe(25_005);
    expect(b.bids[0]!.price).toBe(25_000);
    expect(b.asks).toHaveLength(10);
    expect(b.bids).toHaveLength(10);
    expectLadder(b.asks, 'topix500', 1);
    expectLadder(b.bids, 'topix500', -1);
    expect(b.over % 100).toBe(0);
    expect(b.under % 100).toBe(0);
    expect(b.over).toBeGreaterThan(0);
    expect(b).toMatchObject({ marketBuy: 0, marketSell: 0 });
  });

  it('crosses a tick band edge on the grid (¥999.9 → ¥1,000 → ¥1,000.5 on TOPIX500)', () => {
    const b = simBook(input({ bid: 9_998, ask: 9_999, limits: limitPrices(9_999, 'topix500') }));
    expect(b.asks.slice(0, 4).map((l) => l.price)).toEqual([9_999, 10_000, 10_005, 10_010]);
    expect(b.bids.slice(0, 3).map((l) => l.price)).toEqual([9_998, 9_997, 9_996]);
  });

  it('never goes past the limits: fewer levels near one, and OVER/UNDER stop there', () => {
    const lim = limitPrices(25_000, 'topix500');
    const nearUp = simBook(input({ bid: lim.upper - 10, ask: lim.upper - 5, limits: lim }));
    expect(nearUp.asks.map((l) => l.price)).toEqual([lim.upper - 5, lim.upper]);
    expect(nearUp.over).toBe(0);
    const nearDown = simBook(input({ bid: lim.lower + 5, ask: lim.lower + 10, limits: lim }));
    expect(nearDown.bids.map((l) => l.price)).toEqual([lim.lower + 5, lim.lower]);
    expect(nearDown.under).toBe(0);
  });

  it('at ストップ高 shows buyers only, a large queue at the limit and waiting market buys', () => {
    const lim = limitPrices(25_000, 'topix500');
    const normal = simBook(input());
    const b = simBook(input({ bid: lim.upper, ask: null, limits: lim, limitState: 'up' }));
    expect(b.status).toBe('limit_up');
    expect(b.asks).toEqual([]);
    expect(b.over).toBe(0);
    expect(b.bids[0]!.price).toBe(lim.upper);
    expect(b.bids[0]!.qty).toBeGreaterThan(5 * Math.max(...normal.bids.map((l) => l.qty)) / 3);
    expect(b.marketBuy).toBeGreaterThan(0);
    expect(b.marketSell).toBe(0);
    expectLadder(b.bids, 'topix500', -1);
  });

  it('at ストップ安 shows sellers only and waiting market sells', () => {
    const lim = limitPrices(25_000, 'topix500');
    const b = simBook(input({ bid: null, ask: lim.lower, limits: lim, limitState: 'down' }));
    expect(b).toMatchObject({ status: 'limit_down', bids: [], under: 0, marketBuy: 0 });
    expect(b.asks[0]!.price).toBe(lim.lower);
    expect(b.marketSell).toBeGreaterThan(0);
  });

  it('has no book without a bid or ask (auctions, lunch, closed)', () => {
    expect(simBook(input({ bid: null, ask: null }))).toEqual({ status: 'closed', asks: [], bids: [], over: 0, under: 0, marketBuy: 0, marketSell: 0 });
  });

  it('stops at the smallest price, and works on the standard table', () => {
    const b = simBook(input({ bid: 20, ask: 30, tickTable: 'other', limits: limitPrices(20, 'other') }));
    expectLadder(b.bids, 'other', -1);
    expect(b.bids.at(-1)!.price).toBeGreaterThanOrEqual(10);
  });

  it('is deterministic per seed and 15-second step, and sizes follow the volume', () => {
    expect(simBook(input())).toEqual(simBook(input()));
    expect(simBook(input({ at: AT + 14_999 }))).toEqual(simBook(input()));
    expect(simBook(input({ at: AT + 15_000 }))).not.toEqual(simBook(input()));
    expect(simBook(input({ seed: 'other' }))).not.toEqual(simBook(input()));
    const sum = (v: number) => simBook(input({ typicalVolume: v })).bids.reduce((a, l) => a + l.qty, 0);
    expect(sum(20_000_000)).toBeGreaterThan(50 * sum(200_000));
    expect(simBook(input({ typicalVolume: 0 })).bids.every((l) => l.qty >= 100)).toBe(true);
  });
});

describe('minutePrints / latestPrints', () => {
  const sim = new Simulator();
  const rules = (table: TickTable) => ({
    round: (p: number) => roundToTick(Math.round(p), table, 'nearest'),
    up: (p: number) => stepTick(p, table, 1),
    volumeUnit: 100,
  });

  it('keeps every print inside its minute\'s range and sums each minute to its volume (many stocks)', () => {
    const codes = sim.instruments().filter((i) => i.kind === 'stock').slice(0, 12);
    const bad: string[] = [];
    let n = 0;
    for (const inst of codes) {
      const table = inst.tickTable!;
      for (const bar of sim.minuteBars(inst.code, '2026-11-24')) {
        const prints = minutePrints('kabuto', inst.code, bar, rules(table));
        const where = `${inst.code}@${bar.t}`;
        if (prints.reduce((a, p) => a + p.qty, 0) !== bar.volume) bad.push(`${where} volume`);
        prints.forEach((p, i) => {
          n++;
          if (p.price < bar.low || p.price > bar.high) bad.push(`${where} outside range`);
          if (!isOnTick(p.price, table)) bad.push(`${where} off tick`);
          if (p.qty % 100 !== 0 || p.qty <= 0) bad.push(`${where} lot`);
          if (p.t < bar.t || p.t >= bar.t + 60_000) bad.push(`${where} time`);
          if (i > 0 && p.t < prints[i - 1]!.t) bad.push(`${where} order`);
        });
        // Each quarter ends on its checkpoint, as the quote does.
        const pts = checkpoints(bar);
        for (let k = 0; k < 4 && !bar.auction; k++) {
          const q = prints.filter((p) => p.quarter === k);
          if (q.length && q.at(-1)!.price !== pts[k]) bad.push(`${where} checkpoint ${k}`);
        }
      }
    }
    expect(bad).toEqual([]);
    expect(n).toBeGreaterThan(10_000);
  });

  it('agrees with the quote at every checkpoint: last price and volume of the day', () => {
    const day = sim.minuteBars('7203', '2026-11-24');
    for (const at of [jstMs('2026-11-24', 9, 0, 0), jstMs('2026-11-24', 9, 0, 31), jstMs('2026-11-24', 9, 2, 59)]) {
      const q = sim.quote('7203', at);
      const prints = latestPrints('kabuto', '7203', day, at, q.prevClose, 10_000, rules('topix500'));
      expect(prints.reduce((a, p) => a + p.qty, 0)).toBe(q.volume);
      expect(prints[0]!.price).toBe(q.price);
      expect(prints.every((p) => p.t <= at)).toBe(true);
    }
  });

  it('marks up/down against the previous print, the first against the previous close', () => {
    const day = sim.minuteBars('6758', '2026-11-24');
    const at = jstMs('2026-11-24', 9, 5);
    const q = sim.quote('6758', at);
    const all = latestPrints('kabuto', '6758', day, at, q.prevClose, 10_000, rules('topix500')).reverse();
    all.forEach((p, i) => {
      const prev = i === 0 ? q.prevClose : all[i - 1]!.price;
      expect(p.dir).toBe(p.price > prev ? 'up' : p.price < prev ? 'down' : 'flat');
    });
    // A limited tape agrees with the full one on its newest prints, directions included.
    expect(latestPrints('kabuto', '6758', day, at, q.prevClose, 7, rules('topix500'))).toEqual(all.slice().reverse().slice(0, 7));
  });
});
