/**
 * The prices an admin may give an offering of a listed stock (docs/domain.md "Block trades" and "IPO
 * and offerings"; "What Kabuto never builds": an offering is never priced away from the market). One rule for block
 * offers and for public offerings / placements: on the tick grid, inside the day's price limits
 * (制限値幅) and within OFFER_BAND_BP of the base price, the previous close.
 */
import type { LimitPrices } from './limits';
import { sessionAt } from './session';
import { roundToTick, type TickTable } from './tick';

/** How far an offering's price may lie from the previous close: 10 %, in basis points. */
export const OFFER_BAND_BP = 1_000;

/**
 * Which side of the base the band reaches:
 * - `both`: base ± 10 % (a block offer sells existing shares at a negotiated price near the market);
 * - `discount`: base − 10 % … base (a public offering or a placement of new shares is priced at or
 *   below the market, never above it: the JSDA guideline for 第三者割当 is at least 90 % of the close).
 */
export type OfferBandSide = 'both' | 'discount';

export interface OfferBand extends LimitPrices {
  /** The base the band was built on (the previous close). */
  base: number;
}

/**
 * The base price an offering is priced against at `now`: the previous close. Before 9:00 the quote
 * still shows yesterday's close as its price, which is today's base (as for orders).
 */
export function offerBase(quote: { price: number; prevClose: number }, now: number): number {
  return sessionAt(now) === 'pre_open' ? quote.price : quote.prevClose;
}

/**
 * The band: inside the day's limits and within the 10 % of the base on the chosen side, both edges
 * on the tick grid (rounded inwards). Empty (lower > upper) only if the limits and the band do not
 * meet, which the limit ladder never allows (every limit is wider than 10 % of its base).
 */
export function offerPriceBand(base: number, limits: LimitPrices, table: TickTable, side: OfferBandSide = 'both'): OfferBand {
  const below = Math.ceil((base * (10_000 - OFFER_BAND_BP)) / 10_000);
  const above = side === 'both' ? Math.floor((base * (10_000 + OFFER_BAND_BP)) / 10_000) : base;
  const lower = Math.max(limits.lower, roundToTick(below, table, 'up'));
  const upper = Math.min(limits.upper, roundToTick(above, table, 'down'));
  return { lower, upper, base };
}

/** True when `price` lies inside the band (inclusive). */
export function withinOfferBand(price: number, band: LimitPrices): boolean {
  return price >= band.lower && price <= band.upper;
}
