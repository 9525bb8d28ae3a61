/**
 * Tick sizes (呼値の単位), from docs/tse-rules.md "Tick size": each band applies to prices up to
 * AND INCLUDING its upper edge. Prices and ticks are scaled integers (TSE_PRICE_SCALE = 10).
 */
import { TSE_PRICE_SCALE } from './price';

export type TickTable = 'topix500' | 'other';

const S = TSE_PRICE_SCALE;

/** [upper edge in yen (inclusive), TOPIX500 tick in yen, Other tick in yen]; last row: above. */
const BANDS: ReadonlyArray<readonly [number, number, number]> = [
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
  [Number.POSITIVE_INFINITY, 10_000, 100_000],
];

// Scaled once: edges and ticks as integers (0.1 yen × 10 = 1), so lookups never touch a float.
const EDGES = BANDS.map(([edge]) => (Number.isFinite(edge) ? edge * S : Number.POSITIVE_INFINITY));
const TICKS: Record<TickTable, number[]> = {
  topix500: BANDS.map(([, t]) => Math.round(t * S)),
  other: BANDS.map(([, , t]) => Math.round(t * S)),
};

/** Every band edge in scaled units (for tests and order-entry hints). */
export const TICK_BAND_EDGES: readonly number[] = EDGES.slice(0, -1);

/** The tick that applies at `price` (scaled). Prices ≤ 0 get the first band's tick. */
export function tickSize(price: number, table: TickTable): number {
  const ticks = TICKS[table];
  for (let i = 0; i < EDGES.length; i++) {
    if (price <= EDGES[i]!) return ticks[i]!;
  }
  return ticks[ticks.length - 1]!;
}

/** The smallest valid price (> 0) in a table: one tick of the first band. */
export function minPrice(table: TickTable): number {
  return TICKS[table][0]!;
}

/** True when `price` is a positive integer multiple of the tick of its own band. */
export function isOnTick(price: number, table: TickTable): boolean {
  return Number.isSafeInteger(price) && price > 0 && price % tickSize(price, table) === 0;
}

export type TickRounding = 'down' | 'up' | 'nearest';

/**
 * The valid price at or below ('down'), at or above ('up') or closest to ('nearest', ties go up)
 * `price`. Band edges are multiples of both neighbouring ticks, so rounding inside the band of
 * `price` always lands on a valid price. Results are never below `minPrice(table)`.
 */
export function roundToTick(price: number, table: TickTable, mode: TickRounding): number {
  const min = minPrice(table);
  if (price <= min) return min;
  const t = tickSize(price, table);
  const down = Math.floor(price / t) * t;
  if (down === price) return price;
  const up = down + t;
  if (mode === 'down') return Math.max(down, min);
  if (mode === 'up') return up;
  return price - down < up - price ? Math.max(down, min) : up;
}

/** The next valid price strictly above / below `price` (which should be on tick). */
export function stepTick(price: number, table: TickTable, direction: 1 | -1): number {
  if (direction === 1) return roundToTick(price + 1, table, 'up');
  const below = roundToTick(price - 1, table, 'down');
  return below < price ? below : price;
}
