import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Simulator } from '../../src/server/market-sim';
import { isOnTick, jstMs, limitPrices, tradingDaysInRange, type TickTable } from '../../src/shared/market';

const sim = new Simulator({ seed: 'property' });
const stocks = sim.instruments().filter((i) => i.kind === 'stock');
const DAYS = tradingDaysInRange('2019-02-01', '2030-12-27');

describe('every simulated price is on a valid tick and within the day’s limit (property)', () => {
  it('daily bars and 1-minute bars of random stocks on random days', () => {
    fc.assert(
      fc.property(fc.constantFrom(...stocks), fc.constantFrom(...DAYS), (inst, day) => {
        const table = inst.tickTable as TickTable;
        const [bar] = sim.dailyBars(inst.code, day, day);
        expect(bar).toBeDefined();
        // The base price is the quote's previous close (split-adjusted on an ex-date).
        const q = sim.quote(inst.code, jstMs(day, 9, 30));
        expect(q.tradingDate).toBe(day);
        const lim = limitPrices(q.prevClose, table);
        expect(q.limits).toEqual(lim);
        for (const v of [bar!.open, bar!.high, bar!.low, bar!.close]) {
          expect(isOnTick(v, table)).toBe(true);
          expect(v).toBeGreaterThanOrEqual(lim.lower);
          expect(v).toBeLessThanOrEqual(lim.upper);
        }
        expect(bar!.high).toBeGreaterThanOrEqual(Math.max(bar!.open, bar!.close));
        expect(bar!.low).toBeLessThanOrEqual(Math.min(bar!.open, bar!.close));
        expect(bar!.volume % 100).toBe(0); // whole trading units

        const minutes = sim.minuteBars(inst.code, day);
        expect(minutes).toHaveLength(326); // 325 continuous minutes + the 15:30 auction
        for (const m of minutes) {
          for (const v of [m.open, m.high, m.low, m.close]) expect(isOnTick(v, table) && v >= bar!.low && v <= bar!.high).toBe(true);
          expect(Number.isSafeInteger(m.volume) && m.volume % 100 === 0).toBe(true);
        }
        // The minutes add up to the day.
        expect(minutes[0]!.open).toBe(bar!.open);
        expect(Math.max(...minutes.map((m) => m.high))).toBe(bar!.high);
        expect(Math.min(...minutes.map((m) => m.low))).toBe(bar!.low);
        expect(minutes.at(-1)).toMatchObject({ auction: true, close: bar!.close, t: jstMs(day, 15, 30) });
        expect(minutes.reduce((a, m) => a + m.volume, 0)).toBe(bar!.volume);
      }),
      { numRuns: 120 },
    );
  }, 60_000);

  it('consecutive closes stay within limits across month ends (one stock, twelve years)', () => {
    for (const code of ['4592', '6920', '2370']) {
      const bars = sim.dailyBars(code, '2019-01-04', '2030-12-30');
      const inst = sim.instrument(code)!;
      const splits = new Map(sim.corporateActions(code).flatMap((a) => (a.kind === 'split' ? [[a.exDate, a.ratio] as const] : [])));
      for (let i = 1; i < bars.length; i++) {
        const ratio = splits.get(bars[i]!.date);
        const q = ratio ? sim.quote(code, jstMs(bars[i]!.date, 9, 30)).prevClose : bars[i - 1]!.close;
        const lim = limitPrices(q, inst.tickTable!);
        expect(bars[i]!.close).toBeGreaterThanOrEqual(lim.lower);
        expect(bars[i]!.close).toBeLessThanOrEqual(lim.upper);
      }
    }
  }, 60_000);
});

describe('prices move only in trading hours', () => {
  it('does not move over lunch, in the closing auction, overnight or at weekends', () => {
    fc.assert(
      fc.property(fc.constantFrom(...stocks.slice(0, 60)), fc.constantFrom(...DAYS.slice(1200, 1500)), (inst, day) => {
        const at = (h: number, m: number, s = 0) => sim.quote(inst.code, jstMs(day, h, m, s));
        const lunch = [at(11, 30), at(12, 29, 59)];
        expect(lunch[0]!.price).toBe(lunch[1]!.price);
        expect(lunch[0]!.volume).toBe(lunch[1]!.volume);
        const auction = [at(15, 25), at(15, 29, 59)];
        expect(auction[0]!.price).toBe(auction[1]!.price);
        expect(auction[0]!.session).toBe('closing_auction');
        const close = at(15, 30);
        const [bar] = sim.dailyBars(inst.code, day, day);
        expect({ price: close.price, volume: close.volume, high: close.high, low: close.low }).toEqual({
          price: bar!.close,
          volume: bar!.volume,
          high: bar!.high,
          low: bar!.low,
        });
        const night = at(23, 59, 59);
        expect(night.price).toBe(close.price);
        expect(night.session).toBe('after_close');
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
