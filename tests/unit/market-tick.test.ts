import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isOnTick, minPrice, roundToTick, stepTick, tickSize, TICK_BAND_EDGES, type TickTable } from '../../src/shared/market';

// docs/tse-rules.md "Tick size", written out again here so the test does not trust the code's table.
// [price ≤ (yen), TOPIX500 tick, Other tick]
const TABLE: Array<[number, number, number]> = [
  [1_000, 0.1, 1],
  [3_000, 0.5, 1],
  [5_000, 1, 5],
  [10_000, 1, 10],
  [30_000, 5, 10],
  [50_000, 10, 50],
  [100_000, 10, 100],
  [300_000, 50, 100],
  [500_000, 100, 500],
  [1_000_000, 100, 1_000],
  [3_000_000, 500, 1_000],
  [5_000_000, 1_000, 5_000],
  [10_000_000, 1_000, 10_000],
  [30_000_000, 5_000, 10_000],
  [50_000_000, 10_000, 50_000],
];
const ABOVE = { topix500: 10_000, other: 100_000 };
const y = (yen: number) => Math.round(yen * 10); // yen → scaled price (priceScale 10)

describe('tickSize at every band edge, both sides (up to and including)', () => {
  for (const table of ['topix500', 'other'] as const) {
    const col = table === 'topix500' ? 1 : 2;
    TABLE.forEach((row, i) => {
      const edge = row[0];
      const here = row[col]!;
      const next = i + 1 < TABLE.length ? TABLE[i + 1]![col]! : ABOVE[table];
      it(`${table}: ≤ ¥${edge.toLocaleString()} → ${here}; just above → ${next}`, () => {
        expect(tickSize(y(edge), table)).toBe(y(here));
        expect(tickSize(y(edge) - 1, table)).toBe(y(here)); // 0.1 yen below the edge
        expect(tickSize(y(edge) + 1, table)).toBe(y(next)); // 0.1 yen above the edge
        // The edge itself is a valid price in both tables; one unit above it is not (except 0.1 ticks).
        expect(isOnTick(y(edge), table)).toBe(true);
        expect(isOnTick(y(edge) + y(next), table)).toBe(true);
        if (y(next) > 1) expect(isOnTick(y(edge) + 1, table)).toBe(false);
      });
    });
  }

  it('exports the same edges the reference lists', () => {
    expect(TICK_BAND_EDGES).toEqual(TABLE.map(([e]) => y(e)));
  });

  it('examples from the reference', () => {
    expect(isOnTick(y(2345.5), 'topix500')).toBe(true);
    expect(isOnTick(y(2345.5), 'other')).toBe(false);
    expect(isOnTick(y(999.9), 'topix500')).toBe(true);
    expect(isOnTick(y(1000.1), 'topix500')).toBe(false); // band ≤ 3,000 ticks in 0.5
    expect(isOnTick(y(4995), 'other')).toBe(true);
    expect(isOnTick(y(5005), 'other')).toBe(false); // band ≤ 10,000 ticks in 10
    expect(isOnTick(0, 'topix500')).toBe(false);
    expect(isOnTick(-10, 'other')).toBe(false);
    expect(isOnTick(12.5, 'topix500')).toBe(false);
  });
});

describe('roundToTick', () => {
  it('rounds down, up and to nearest across an edge', () => {
    // Other: 5,003 is in band ≤ 10,000 (tick 10); 5,000 is the edge of the tick-5 band.
    expect(roundToTick(y(5003), 'other', 'down')).toBe(y(5000));
    expect(roundToTick(y(5003), 'other', 'up')).toBe(y(5010));
    expect(roundToTick(y(5003), 'other', 'nearest')).toBe(y(5000));
    expect(roundToTick(y(5005), 'other', 'nearest')).toBe(y(5010)); // tie goes up
    expect(roundToTick(y(1000.3), 'topix500', 'down')).toBe(y(1000));
    expect(roundToTick(y(1000.3), 'topix500', 'up')).toBe(y(1000.5));
    expect(roundToTick(y(2345.5), 'topix500', 'nearest')).toBe(y(2345.5));
  });

  it('never returns less than the smallest tick', () => {
    expect(roundToTick(0, 'topix500', 'down')).toBe(minPrice('topix500'));
    expect(roundToTick(-50, 'other', 'nearest')).toBe(minPrice('other'));
    expect(minPrice('topix500')).toBe(1);
    expect(minPrice('other')).toBe(10);
  });

  it('always lands on a valid price within one tick (property)', () => {
    const tables: TickTable[] = ['topix500', 'other'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000_000 }), fc.constantFrom(...tables), (p, table) => {
        const down = roundToTick(p, table, 'down');
        const up = roundToTick(p, table, 'up');
        const near = roundToTick(p, table, 'nearest');
        for (const v of [down, up, near]) expect(isOnTick(v, table)).toBe(true);
        expect(down).toBeLessThanOrEqual(Math.max(p, minPrice(table)));
        expect(up).toBeGreaterThanOrEqual(p);
        expect(near === down || near === up).toBe(true);
        if (isOnTick(p, table)) expect([down, up, near]).toEqual([p, p, p]);
        else if (p > minPrice(table)) expect(stepTick(down, table, 1)).toBe(up); // nothing valid between
      }),
    );
  });

  it('stepTick walks across a band edge', () => {
    expect(stepTick(y(1000), 'topix500', 1)).toBe(y(1000.5));
    expect(stepTick(y(1000.5), 'topix500', -1)).toBe(y(1000));
    expect(stepTick(y(3000), 'other', 1)).toBe(y(3005));
    expect(stepTick(minPrice('other'), 'other', -1)).toBe(minPrice('other'));
  });
});
