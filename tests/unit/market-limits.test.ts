import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dailyLimit, isOnTick, limitPrices, LIMIT_BAND_EDGES, minPrice, type TickTable } from '../../src/shared/market';

// docs/tse-rules.md "Daily price limit", the full TSE ladder written out: [base < (yen), ± width (yen)].
const LADDER: Array<[number, number]> = [
  [100, 30], [200, 50], [500, 80], [700, 100], [1_000, 150], [1_500, 300], [2_000, 400],
  [3_000, 500], [5_000, 700], [7_000, 1_000], [10_000, 1_500], [15_000, 3_000], [20_000, 4_000],
  [30_000, 5_000], [50_000, 7_000], [70_000, 10_000], [100_000, 15_000],
  // ×10
  [150_000, 30_000], [200_000, 40_000], [300_000, 50_000], [500_000, 70_000], [700_000, 100_000],
  [1_000_000, 150_000],
  // ×100
  [1_500_000, 300_000], [2_000_000, 400_000], [3_000_000, 500_000], [5_000_000, 700_000],
  [7_000_000, 1_000_000], [10_000_000, 1_500_000],
  // ×1000, up to 50,000,000
  [15_000_000, 3_000_000], [20_000_000, 4_000_000], [30_000_000, 5_000_000], [50_000_000, 7_000_000],
];
const TOP = 10_000_000;
const y = (yen: number) => Math.round(yen * 10);

describe('dailyLimit at every band edge, both sides', () => {
  LADDER.forEach(([edge, width], i) => {
    const next = i + 1 < LADDER.length ? LADDER[i + 1]![1] : TOP;
    it(`base < ¥${edge.toLocaleString()} → ±${width.toLocaleString()}; at the edge → ±${next.toLocaleString()}`, () => {
      expect(dailyLimit(y(edge) - 1)).toBe(y(width)); // 0.1 yen below: still this band
      expect(dailyLimit(y(edge))).toBe(y(next)); // the edge itself belongs to the next band
    });
  });

  it('has the reference edges and the top band', () => {
    expect(LIMIT_BAND_EDGES).toEqual(LADDER.map(([e]) => y(e)));
    expect(dailyLimit(y(1))).toBe(y(30));
    expect(dailyLimit(y(99_999_999))).toBe(y(TOP));
    expect(dailyLimit(y(120_000))).toBe(y(30_000)); // docs/tse-rules.md example: < 150,000 → 30,000
  });
});

describe('limitPrices', () => {
  it('is base ± width when that lands on a tick', () => {
    expect(limitPrices(y(2345.5), 'topix500')).toEqual({ upper: y(2845.5), lower: y(1845.5) });
    expect(limitPrices(y(1000), 'other')).toEqual({ upper: y(1300), lower: y(700) });
  });

  it('rounds into the band when base ± width is off tick', () => {
    // Other: 4,995 + 700 = 5,695 but ticks above 5,000 are 10 → 5,690; 4,995 − 700 = 4,295 is on tick.
    expect(limitPrices(y(4995), 'other')).toEqual({ upper: y(5690), lower: y(4295) });
    // TOPIX500: 2,999.5 + 500 = 3,499.5, ticks above 3,000 are 1 → 3,499.
    expect(limitPrices(y(2999.5), 'topix500').upper).toBe(y(3499));
  });

  it('floors the lower limit at the smallest tick above zero', () => {
    expect(limitPrices(y(20), 'topix500').lower).toBe(minPrice('topix500'));
    expect(limitPrices(y(20), 'other').lower).toBe(minPrice('other'));
    expect(limitPrices(y(30), 'other').lower).toBe(y(1)); // 30 − 30 = 0 → ¥1
    expect(limitPrices(y(31), 'other').lower).toBe(y(1));
    expect(limitPrices(y(32), 'other').lower).toBe(y(2));
  });

  it('gives on-tick limits around any on-tick base (property)', () => {
    const tables: TickTable[] = ['topix500', 'other'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 800_000_000 }), fc.constantFrom(...tables), (raw, table) => {
        const { upper, lower } = limitPrices(raw, table);
        expect(isOnTick(upper, table)).toBe(true);
        expect(isOnTick(lower, table)).toBe(true);
        expect(upper).toBeGreaterThan(raw);
        expect(upper).toBeLessThanOrEqual(raw + dailyLimit(raw));
        expect(lower).toBeLessThan(Math.max(raw, minPrice(table) + 1));
        expect(lower).toBeGreaterThanOrEqual(Math.max(minPrice(table), raw - dailyLimit(raw)));
      }),
    );
  });
});
