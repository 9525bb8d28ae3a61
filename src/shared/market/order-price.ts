/**
 * Whether a limit price may be ordered, and if not, the nearest prices that may
 * (docs/tse-rules.md "Tick sizes" and "Daily price limits"; docs/domain.md "Trading": a price off
 * the grid or outside the day's limits is refused with the nearest valid prices, never moved).
 * The server refuses with exactly this id and these params, and the order ticket shows the same
 * refusal before sending, so the two can never disagree.
 */
import type { LimitPrices } from './limits';
import { roundToTick, tickSize, type TickTable } from './tick';

export type LimitPriceRefusal =
  | {
      id: 'price_beyond_limit';
      /** `nearest` is the limit on the side the price went past. */
      params: { field: 'price'; price: number; priceScale: number; lower: number; upper: number; nearest: number };
    }
  | {
      id: 'price_off_tick';
      /** The valid prices just below and just above, and the tick of the price's band; `below` is absent when there is none. */
      params: { field: 'price'; price: number; priceScale: number; tick: number; below?: number; above: number };
    };

/**
 * Null when `price` is a valid limit price; otherwise the refusal. The band is checked first: for a
 * price past a limit, the nearest valid price is that limit whatever its tick, while the grid
 * neighbours of a price inside the band are inside it too (the limits sit on the grid).
 */
export function limitPriceRefusal(
  price: number,
  rules: { table: TickTable; limits: LimitPrices | null; priceScale: number },
): LimitPriceRefusal | null {
  const { table, limits, priceScale } = rules;
  if (limits && (price < limits.lower || price > limits.upper)) {
    const nearest = price > limits.upper ? limits.upper : limits.lower;
    return { id: 'price_beyond_limit', params: { field: 'price', price, priceScale, lower: limits.lower, upper: limits.upper, nearest } };
  }
  const tick = tickSize(price, table);
  if (Number.isSafeInteger(price) && price > 0 && price % tick === 0) return null;
  const above = roundToTick(Math.ceil(price), table, 'up');
  const down = roundToTick(Math.floor(price), table, 'down');
  // roundToTick never goes below the smallest valid price, so "down" may land above a tiny price.
  const below = down < price ? down : undefined;
  return { id: 'price_off_tick', params: { field: 'price', price, priceScale, tick, ...(below !== undefined ? { below } : {}), above } };
}
