import { describe, expect, it } from 'vitest';
import { OutsideHorizonError, Simulator, UnknownInstrumentError } from '../../src/server/market-sim';
import { jstMs, limitPrices, roundToTick, tradingDaysInRange } from '../../src/shared/market';

const sim = new Simulator({ seed: 'quotes' });

describe('quotes', () => {
  it('show the last trading day before the open, then today from 9:00', () => {
    const pre = sim.quote('7203', jstMs('2026-01-05', 8, 30));
    expect(pre).toMatchObject({ session: 'pre_open', tradingDate: '2025-12-30' });
    expect(pre.price).toBe(sim.dailyBars('7203', '2025-12-30', '2025-12-30')[0]!.close);
    const open = sim.quote('7203', jstMs('2026-01-05', 9, 0));
    expect(open).toMatchObject({ session: 'morning', tradingDate: '2026-01-05', prevClose: pre.price });
    expect(open.open).toBe(sim.dailyBars('7203', '2026-01-05', '2026-01-05')[0]!.open);
    const holiday = sim.quote('7203', jstMs('2026-01-02', 11, 0));
    expect(holiday).toMatchObject({ session: 'closed', tradingDate: '2025-12-30', price: pre.price });
  });

  it('carry today’s price limits from 8:00 (pre-open), built on the close they still show', () => {
    const table = sim.instrument('7203')!.tickTable!;
    const pre = sim.quote('7203', jstMs('2026-01-05', 8, 30));
    const open = sim.quote('7203', jstMs('2026-01-05', 9, 0));
    // The band an order placed at 8:30 meets is the band of the day it will trade on.
    expect(pre.limits).toEqual(open.limits);
    expect(pre.limits).toEqual(limitPrices(pre.price, table));
    expect(pre.limits).not.toEqual(limitPrices(pre.prevClose, table)); // not the last day's own band
    // Before 8:00 no order is taken: the quote is the last day's as a whole, its band included.
    const night = sim.quote('7203', jstMs('2026-01-05', 7, 59));
    expect(night).toMatchObject({ session: 'closed', tradingDate: '2025-12-30' });
    expect(night.limits).toEqual(limitPrices(night.prevClose, table));
  });

  it('before the open of a split’s ex-date, the band is built on the split-adjusted close', () => {
    let found = false;
    for (const i of sim.instruments().filter((x) => x.kind === 'stock')) {
      const split = sim.corporateActions(i.code).find((a) => a.kind === 'split' && a.exDate > '2024-01-01' && a.exDate < '2025-12-01');
      if (!split || split.kind !== 'split') continue;
      const pre = sim.quote(i.code, jstMs(split.exDate, 8, 30));
      const day = sim.quote(i.code, jstMs(split.exDate, 10, 0));
      expect(pre.session).toBe('pre_open');
      expect(pre.limits).toEqual(day.limits);
      expect(pre.limits).toEqual(limitPrices(day.prevClose, i.tickTable!)); // prevClose on the ex-date is adjusted
      expect(day.prevClose).toBe(roundToTick(Math.round(pre.price / split.ratio), i.tickTable!, 'nearest'));
      expect(pre.price).toBeGreaterThan(pre.limits!.upper); // the unadjusted close is outside the new band
      found = true;
      break;
    }
    expect(found).toBe(true);
  }, 60_000);

  it('move inside a minute through the bar’s own prices', () => {
    const day = '2025-12-26';
    const bar = sim.minuteBars('9984', day)[5]!; // 9:05
    const seen = [0, 15, 30, 45].map((s) => sim.quote('9984', bar.t + s * 1000).price);
    for (const p of seen) expect(p >= bar.low && p <= bar.high).toBe(true);
    expect(seen[0]).toBe(bar.open);
    expect(seen[3]).toBe(bar.close);
  });

  it('report market value, limits and a one-level book', () => {
    const q = sim.quote('6758', jstMs('2025-12-26', 10, 0));
    expect(q.limits).toEqual(limitPrices(q.prevClose, 'topix500'));
    expect(q.marketValue).toBe(Math.floor((q.price * 6_150_000_000) / 10));
    expect(q.bid).toBe(q.price);
    expect(q.ask).toBeGreaterThan(q.price);
    expect(q.simulated).toBe(true);
    expect(sim.quote('6758', jstMs('2025-12-26', 12, 0)).bid).toBeNull(); // lunch: no continuous book
  });

  it('mark a stock locked at its upper limit (ストップ高)', () => {
    const growth = sim.instruments().filter((i) => i.segment === 'growth');
    let found: { code: string; date: string } | null = null;
    for (const inst of growth) {
      const bars = sim.dailyBars(inst.code, '2024-01-01', '2025-12-30');
      const k = bars.findIndex((b, j) => j > 0 && b.close === limitPrices(bars[j - 1]!.close, 'other').upper);
      if (k < 0) continue;
      found = { code: inst.code, date: bars[k]!.date };
      const q = sim.quote(inst.code, jstMs(found.date, 15, 30));
      expect(q.limitState).toBe('up');
      expect(q.price).toBe(q.limits!.upper);
      expect(q.ask).toBeNull();
      expect(q.bid).toBeNull(); // after the close there is no continuous book at all
      const live = sim.quote(inst.code, jstMs(found.date, 15, 24, 50));
      expect(live.ask).toBeNull(); // stuck at the limit at the end of continuous trading
      // Before the next open the badge still says how that day closed, while the band is the new day's.
      const next = tradingDaysInRange(found.date, '2026-12-31')[1]!;
      const pre = sim.quote(inst.code, jstMs(next, 8, 30));
      expect(pre).toMatchObject({ session: 'pre_open', price: q.price, limitState: 'up' });
      expect(pre.limits!.upper).toBeGreaterThan(q.price);
      break;
    }
    expect(found).not.toBeNull();
  }, 60_000);

  it('FX closes at weekends, crypto never does, JPY/JPY never moves', () => {
    const sunday = sim.quote('USDJPY', jstMs('2025-12-28', 12, 0));
    expect(sunday).toMatchObject({ session: 'closed', tradingDate: '2025-12-26' });
    expect(sunday.price).toBe(sim.dailyBars('USDJPY', '2025-12-26', '2025-12-26')[0]!.close);
    expect(sim.quote('USDJPY', jstMs('2025-12-29', 3, 0))).toMatchObject({ session: 'closed', tradingDate: '2025-12-26' });
    expect(sim.quote('BTCJPY', jstMs('2026-01-01', 3, 0))).toMatchObject({ session: 'open', tradingDate: '2026-01-01' });
    expect(sim.minuteBars('BTCJPY', '2026-01-01')).toHaveLength(1440);
    const yen = sim.quote('JPYJPY', jstMs('2025-12-26', 12, 0));
    expect(yen).toMatchObject({ price: 1000, change: 0, volume: 0, priceScale: 1000 });
  });

  it('refuse unknown codes and instants outside the horizon', () => {
    expect(() => sim.quote('0000', Date.now())).toThrow(UnknownInstrumentError);
    expect(() => sim.quote('7203', jstMs('2040-01-04', 10, 0))).toThrow(OutsideHorizonError);
    expect(sim.dailyBars('7203', '2010-01-01', '2019-01-10')[0]!.date).toBe('2019-01-04');
    expect(sim.minuteBars('7203', '2026-01-03')).toEqual([]);
  });
});

describe('corporate actions', () => {
  it('show a split as a price gap the base price already accounts for', () => {
    let withSplit: { i: ReturnType<typeof sim.instruments>[number]; s: ReturnType<typeof sim.corporateActions>[number] } | null = null;
    for (const i of sim.instruments().filter((x) => x.kind === 'stock')) {
      const s = sim.corporateActions(i.code).find((a) => a.kind === 'split' && a.exDate < '2025-12-01');
      if (s) {
        withSplit = { i, s };
        break;
      }
    }
    expect(withSplit).not.toBeNull();
    const { i, s } = withSplit!;
    if (s.kind !== 'split') throw new Error('no split');
    const bars = sim.dailyBars(i.code, '2019-01-04', s.exDate);
    const before = bars.at(-2)!.close;
    const q = sim.quote(i.code, jstMs(s.exDate, 10, 0));
    expect(q.prevClose).toBe(roundToTick(Math.round(before / s.ratio), i.tickTable!, 'nearest'));
  }, 60_000);

  it('pay dividends twice a year on the close before the ex-date', () => {
    const divs = sim.corporateActions('8306').filter((a) => a.kind === 'dividend');
    expect(divs.length).toBeGreaterThanOrEqual(20); // 2019–2030
    for (const d of divs.slice(0, 4)) {
      if (d.kind !== 'dividend') continue;
      expect(['03', '09']).toContain(d.exDate.slice(5, 7));
      const days = tradingDaysInRange('2019-01-04', d.exDate);
      const prev = sim.dailyBars('8306', days.at(-2)!, days.at(-2)!)[0]!;
      expect(d.prevClose).toBe(prev.close);
      expect(d.amount % 10).toBe(0); // whole yen
      expect(d.amount).toBeGreaterThan(0);
    }
  }, 60_000);
});
