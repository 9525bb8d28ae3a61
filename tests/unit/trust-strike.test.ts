import { describe, expect, it } from 'vitest';
import type { CorporateAction, DailyBar, Instrument, MarketDataSource } from '../../src/server/market';
import { BasketCloses, calendarDays } from '../../src/server/modules/trusts/basket';
import { grossStrike, lastDueDay } from '../../src/server/modules/trusts/strike';
import { DEFAULT_TRUSTS, PRIME_DIVIDEND_CODES, ACTIVE_CODES } from '../../src/server/modules/trusts/defaults';
import { Simulator, SIMULATOR_DEFAULTS } from '../../src/server/market-sim';
import { isTradingDay } from '../../src/shared/market';

/** The strike's reading of the market (basket.ts) and its arithmetic before the money moves (strike.ts grossStrike). */

const bar = (date: string, close: number): DailyBar => ({ date, open: close, high: close, low: close, close, volume: 1 });
function fakeMarket(series: Record<string, { kind: Instrument['kind']; bars: DailyBar[]; actions?: CorporateAction[] }>): MarketDataSource {
  return {
    instruments: () => [],
    instrument: (code) => (series[code] ? ({ code, kind: series[code].kind } as Instrument) : undefined),
    quote: () => {
      throw new Error('not used');
    },
    dailyBars: (code, from, to) => series[code]!.bars.filter((b) => b.date >= from && b.date <= to),
    minuteBars: () => [],
    corporateActions: (code) => series[code]?.actions ?? [],
  };
}
const tokyo = (date: string, hh: number) => Date.parse(`${date}T00:00:00Z`) - 9 * 3_600_000 + hh * 3_600_000;

describe('trust basket closes', () => {
  const market = fakeMarket({
    S: { kind: 'stock', bars: [bar('2026-11-19', 3_000), bar('2026-11-20', 3_000), bar('2026-11-24', 1_050)], actions: [{ code: 'S', kind: 'split', exDate: '2026-11-24', ratio: 3 }] },
    USDJPY: { kind: 'fx', bars: [bar('2026-11-19', 150), bar('2026-11-20', 151), bar('2026-11-23', 153), bar('2026-11-24', 160)] },
    GAP: { kind: 'index', bars: [bar('2026-11-19', 100)] },
  });

  it('adjusts a split between two strikes (a 1:3 split is not a 65 % loss)', () => {
    const b = new BasketCloses(market, [{ kind: 'instrument', code: 'S', weightPpm: 1_000_000 }], '2026-11-20', '2026-11-24');
    expect(b.closesBetween('2026-11-20', '2026-11-24').get('S')).toEqual({ prev: 3_000, cur: 3_150 });
    expect(b.returnBetween('2026-11-20', '2026-11-24', 0)).toBeCloseTo(1.05, 12);
    // No split between these two: the raw ratio.
    expect(b.closesBetween('2026-11-19', '2026-11-20').get('S')).toEqual({ prev: 3_000, cur: 3_000 });
  });

  it('values FX at the FX day that ended on the strike day’s morning (no rate from after the strike)', () => {
    const b = new BasketCloses(market, [{ kind: 'instrument', code: 'USDJPY', weightPpm: 1_000_000 }], '2026-11-20', '2026-11-24');
    expect(b.closeOn('USDJPY', '2026-11-24')).toBe(153);
    expect(b.closeOn('USDJPY', '2026-11-20')).toBe(150);
  });

  it('takes the last close on or before a day without a bar, and throws without any', () => {
    const b = new BasketCloses(market, [{ kind: 'instrument', code: 'GAP', weightPpm: 1_000_000 }], '2026-11-20', '2026-11-24');
    expect(b.closeOn('GAP', '2026-11-24')).toBe(100);
    expect(() => b.closeOn('GAP', '2026-11-18')).toThrow(/no close/);
    expect(() => new BasketCloses(market, [{ kind: 'instrument', code: 'NOPE', weightPpm: 1 }], '2026-11-20', '2026-11-24')).toThrow(/unknown/);
  });

  it('counts calendar days between strikes', () => {
    expect(calendarDays('2026-11-20', '2026-11-24')).toBe(4);
  });
});

describe('trust strike arithmetic', () => {
  it('grosses up, takes the fee with its carry and values the NAV; an empty fund as 10,000 notional units', () => {
    const g = grossStrike({ assets: 100_000_000, units: 80_000_000, fee_carry: 0, last_nav: 12_500, trust_fee_ppm: 1_430 }, 1.01, 1);
    expect(g).toMatchObject({ empty: false, units: 80_000_000, gross: 101_000_000, fee: 395, assets: 100_999_605, nav: 12_624 });
    expect(g.carry).toBe(101_000_000 * 1_430 - 395 * 365_000_000);
    const e = grossStrike({ assets: 0, units: 0, fee_carry: 0, last_nav: 12_500, trust_fee_ppm: 1_430 }, 1.01, 1);
    expect(e).toMatchObject({ empty: true, units: 10_000, gross: 12_625, fee: 0, assets: 12_625, nav: 12_625 });
  });

  it('strikes up to the last business day whose 17:00 has passed', () => {
    expect(lastDueDay(tokyo('2026-11-24', 16))).toBe('2026-11-20'); // the 23rd is a holiday
    expect(lastDueDay(tokyo('2026-11-24', 17))).toBe('2026-11-24');
    expect(lastDueDay(tokyo('2026-11-29', 12))).toBe('2026-11-27');
  });
});

describe('trust catalogue', () => {
  it('has 7 funds with weights summing to 1,000,000, on business days inside the simulated horizon', () => {
    expect(DEFAULT_TRUSTS.map((d) => d.code)).toEqual(['KB000001', 'KB000002', 'KB000003', 'KB000004', 'KB000005', 'KB000006', 'KB000007']);
    for (const d of DEFAULT_TRUSTS) {
      expect(d.basket.reduce((a, s) => a + s.weightPpm, 0)).toBe(1_000_000);
      expect(isTradingDay(d.inception)).toBe(true);
      expect(d.inception > SIMULATOR_DEFAULTS.historyStart).toBe(true);
    }
  });

  it('names Prime stocks of the universe (the dividend ten with the highest simulated yield)', () => {
    const sim = new Simulator();
    for (const code of [...PRIME_DIVIDEND_CODES, ...ACTIVE_CODES]) expect(sim.instrument(code)).toMatchObject({ kind: 'stock', segment: 'prime' });
    const highYield = new Set(['banks', 'insurance', 'wholesale', 'iron_steel', 'oil_coal', 'marine_transport', 'securities']);
    for (const code of PRIME_DIVIDEND_CODES) expect(highYield.has(sim.instrument(code)!.sector!)).toBe(true);
    expect(new Set(PRIME_DIVIDEND_CODES).size).toBe(10);
  });
});
