/**
 * Pure rules of the ipo area (docs/domain.md "IPO"): reserve amounts, the offering's phase, the
 * issue price from demand, the opening price on the listing day and a paid allotment's 上場待ち line.
 */
import { jstMs, limitPrices, LOT_SIZE, roundToTick, type IsoDate, type TickTable } from '../../../shared/market';
import { contractValue } from '../../../shared/domain/trade-money';
import type { OfferingStatus } from '../../../shared/api/ipo';
import type { AwaitingListingLine } from '../../../shared/api/funds';

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
 * How wide an IPO's provisional range (仮条件) may be: its top at most 25 % above its bottom
 * (docs/domain.md "IPO and offerings"). An IPO has no market to be priced against (its listing day's
 * base is the issue price), so the range only has to be a real range, not an open cheque.
 */
export const IPO_RANGE_MAX_WIDTH_BP = 2_500;

/** The highest top a provisional range starting at `low` may have: low + 25 %, on the tick grid (rounded down). */
export function ipoRangeTop(low: number, table: TickTable): number {
  return Math.max(low, roundToTick(Math.floor((low * (10_000 + IPO_RANGE_MAX_WIDTH_BP)) / 10_000), table, 'down'));
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

/** What a paid allotment's 上場待ち line needs of its application and offering. */
export interface PaidAllotment {
  application: { id: string; won_lots: number | null };
  offering: { kind: string; code: string; name_ja: string; name_en: string; final_price: number | null; price_scale: number; listing_date: string };
}

/**
 * A paid allotment awaiting listing (funds/summary): its shares and the yen paid — the same
 * won lots × issue price the payment moved into margin, so the line explains that balance exactly.
 */
export function awaitingListingLine({ application: a, offering: o }: PaidAllotment): AwaitingListingLine {
  const lots = a.won_lots ?? 0;
  const price = o.final_price ?? 0;
  return {
    applicationId: a.id, code: o.code, nameJa: o.name_ja, nameEn: o.name_en, newListing: o.kind === 'ipo',
    shares: lots * LOT_SIZE, price, priceScale: o.price_scale, amount: reserveFor(lots, price, o.price_scale), listingDate: o.listing_date,
  };
}

/** Trading opens at 9:00 Tokyo on the listing date. */
export function listingInstant(date: IsoDate): number {
  return jstMs(date, 9, 0);
}
