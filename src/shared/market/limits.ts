/**
 * Daily price limits (制限値幅) from the base price, normally the previous close
 * (docs/tse-rules.md "Daily price limit"). Bands are "base < edge"; all values are scaled.
 */
import { TSE_PRICE_SCALE } from './price';
import { minPrice, roundToTick, type TickTable } from './tick';

const S = TSE_PRICE_SCALE;

/** [base below (yen, exclusive), ± width (yen)] up to 100,000, straight from docs/tse-rules.md. */
const BASE_LADDER: ReadonlyArray<readonly [number, number]> = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
];

/**
 * Above 100,000 the 10,000–100,000 part of the ladder repeats at ×10, ×100 and (for 10M–50M)
 * ×1000 (docs/tse-rules.md: "up to 50,000,000 and above → 10,000,000"); from 50,000,000 up the width is
 * 10,000,000. Built once, in scaled units.
 */
const LADDER: ReadonlyArray<readonly [number, number]> = (() => {
  const upper = BASE_LADDER.filter(([edge]) => edge > 10_000);
  const rows = [...BASE_LADDER];
  for (const k of [10, 100, 1000]) {
    for (const [edge, width] of upper) rows.push([edge * k, width * k]);
  }
  return rows.filter(([edge]) => edge <= 50_000_000).map(([e, w]) => [e * S, w * S] as const);
})();
const TOP_WIDTH = 10_000_000 * S;

/** Every band edge in scaled units (for tests): the width changes at exactly these bases. */
export const LIMIT_BAND_EDGES: readonly number[] = LADDER.map(([edge]) => edge);

/** The ± limit width for a base price (scaled in, scaled out). */
export function dailyLimit(basePrice: number): number {
  for (const [edge, width] of LADDER) {
    if (basePrice < edge) return width;
  }
  return TOP_WIDTH;
}

export interface LimitPrices {
  /** Highest valid order/trade price of the day (ストップ高). */
  upper: number;
  /** Lowest valid order/trade price of the day (ストップ安). */
  lower: number;
}

/**
 * Upper and lower limit prices. base ± width need not sit on a tick (e.g. Other table,
 * base 4,995 + 700 = 5,695 where the tick is 10), and a price must, so the limits are the valid
 * prices just inside the band: upper rounds down, lower rounds up. The lower limit never goes
 * below the smallest tick above zero.
 */
export function limitPrices(basePrice: number, table: TickTable): LimitPrices {
  const width = dailyLimit(basePrice);
  const upper = roundToTick(basePrice + width, table, 'down');
  const rawLower = basePrice - width;
  const lower = rawLower <= 0 ? minPrice(table) : roundToTick(rawLower, table, 'up');
  return { upper, lower };
}

/** True when `price` lies within the day's limits (inclusive). */
export function withinLimits(price: number, limits: LimitPrices): boolean {
  return price >= limits.lower && price <= limits.upper;
}
