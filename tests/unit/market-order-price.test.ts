import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isOnTick, limitPriceRefusal, limitPrices, stepTick, withinLimits } from '../../src/shared/market';

const y = (yen: number) => Math.round(yen * 10); // yen → scaled price (priceScale 10)

/** docs/domain.md "Trading": a limit price off the grid or outside the day's limits is refused with the nearest valid prices. */
describe('limit price refusals carry the nearest valid prices', () => {
  const other = { table: 'other' as const, limits: limitPrices(y(4995), 'other'), priceScale: 10 }; // 4,295 … 5,690 (tick 5 / 10)

  it('accepts a price on the grid inside the band, limits included', () => {
    expect(limitPriceRefusal(y(5000), other)).toBeNull();
    expect(limitPriceRefusal(other.limits.upper, other)).toBeNull();
    expect(limitPriceRefusal(other.limits.lower, other)).toBeNull();
  });

  it('off the grid: the valid prices just below and just above, and the tick of the price’s band', () => {
    expect(limitPriceRefusal(y(5003), other)).toEqual({
      id: 'price_off_tick',
      params: { field: 'price', price: y(5003), priceScale: 10, tick: y(10), below: y(5000), above: y(5010) },
    });
    expect(limitPriceRefusal(y(4997), other)!.params).toMatchObject({ tick: y(5), below: y(4995), above: y(5000) });
  });

  it('outside the band: the limits and the limit on the side the price went past, whatever its tick', () => {
    expect(limitPriceRefusal(y(6003), other)).toEqual({
      id: 'price_beyond_limit',
      params: { field: 'price', price: y(6003), priceScale: 10, lower: other.limits.lower, upper: other.limits.upper, nearest: other.limits.upper },
    });
    expect(limitPriceRefusal(y(1), other)!.params).toMatchObject({ nearest: other.limits.lower });
  });

  it('without known limits only the grid is checked; nothing below the smallest price is offered', () => {
    expect(limitPriceRefusal(5, { table: 'other', limits: null, priceScale: 10 })).toEqual({
      id: 'price_off_tick',
      params: { field: 'price', price: 5, priceScale: 10, tick: 10, above: 10 },
    });
    expect(limitPriceRefusal(y(99_900), { table: 'other', limits: null, priceScale: 10 })).toBeNull();
  });

  it('property: a refusal names valid prices that are the nearest ones; no refusal means valid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 5_000_000 }),
        fc.integer({ min: 1, max: 8_000_000 }),
        fc.constantFrom('topix500' as const, 'other' as const),
        (base, price, table) => {
          const limits = limitPrices(base, table);
          const r = limitPriceRefusal(price, { table, limits, priceScale: 10 });
          if (r === null) {
            expect(isOnTick(price, table) && withinLimits(price, limits)).toBe(true);
          } else if (r.id === 'price_beyond_limit') {
            expect(withinLimits(price, limits)).toBe(false);
            expect(r.params.nearest).toBe(price > limits.upper ? limits.upper : limits.lower);
          } else {
            const { below, above } = r.params;
            expect(isOnTick(price, table)).toBe(false);
            expect(below).toBeDefined(); // inside the band there is always a valid price below
            expect(isOnTick(below!, table) && isOnTick(above, table)).toBe(true);
            expect(below! < price && price < above).toBe(true);
            expect(stepTick(below!, table, 1)).toBe(above); // neighbours: no valid price between them
            expect(withinLimits(below!, limits) && withinLimits(above, limits)).toBe(true);
          }
        },
      ),
    );
  });
});
