/**
 * Pure rules of the ipo area (docs/domain.md "IPO"): reserve amounts, the offering's phase, the
 * issue price from demand and the opening price on the listing day.
 */
import { jstMs, limitPrices, LOT_SIZE, roundToTick, type IsoDate, type TickTable } from '../../../shared/market';
import { contractValue } from '../../../shared/domain/trade-money';
import type { OfferingStatus } from '../../../shared/api/ipo';

/** lots × 100 shares × price (priceScale), rounded down to the yen. */
export function reserveFor(lots: number, price: number, priceScale: number): number {
  return contractValue(price, lots * LOT_SIZE, priceScale);
}

export interface Phases {
  window_from: number;
  window_to: number;
  drawn_at: number | null;
  listed_at: number | null;
}

/** to be subscribed → subscribing → awaiting draw (window closed) → in progress (drawn: payment, listing) → ended (listed). */
export function offeringStatus(o: Phases, now: number): OfferingStatus {
  if (o.listed_at !== null) return 'ended';
  if (o.drawn_at !== null) return 'in_progress';
  if (now < o.window_from) return 'to_be_subscribed';
  if (now < o.window_to) return 'subscribing';
  return 'awaiting_draw';
}

/**
 * The issue price (公開価格), set when the book-building window closes: the top of the provisional
 * range when demand covers the shares on offer (as nearly every oversubscribed Japanese IPO
 * prices), otherwise the bottom.
 */
export function issuePrice(low: number, high: number, appliedLots: number, offeredLots: number): number {
  return appliedLots >= offeredLots ? high : low;
}

/**
 * The first price (初値) on the listing day from demand d = lots applied ÷ lots offered: below
 * cover it opens under the issue price (0.9 + 0.1·d), above it rises with the logarithm of the
 * oversubscription (1 + 0.15·log2 d), on the tick grid and inside the day's limits around the
 * issue price (the listing day's base).
 */
export function openingPrice(issue: number, appliedLots: number, offeredLots: number, table: TickTable): number {
  const d = offeredLots > 0 ? appliedLots / offeredLots : 1;
  const factor = d <= 1 ? 0.9 + 0.1 * d : 1 + 0.15 * Math.log2(d);
  const lim = limitPrices(issue, table);
  const p = roundToTick(Math.round(issue * factor), table, 'nearest');
  return Math.min(lim.upper, Math.max(lim.lower, p));
}

/** Trading opens at 9:00 Tokyo on the listing date. */
export function listingInstant(date: IsoDate): number {
  return jstMs(date, 9, 0);
}
