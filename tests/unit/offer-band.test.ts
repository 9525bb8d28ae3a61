import { describe, expect, it } from 'vitest';
import { isOnTick, jstMs, limitPrices, OFFER_BAND_BP, offerBase, offerPriceBand, withinOfferBand } from '../../src/shared/market';
import { ipoRangeTop } from '../../src/server/modules/ipo/rules';

/** The offering price band shared by block offers, public offerings and placements (src/shared/market/offer-band.ts). */
describe('offer price band', () => {
  it('block offers: ±10 % of the base, on the tick grid (edges rounded inwards), inside the limits', () => {
    expect(OFFER_BAND_BP).toBe(1_000);
    // ¥2,571.5 on the TOPIX500 table (tick ¥0.5 = 5 scaled from ¥1,000 up to ¥3,000).
    const base = 25_715;
    const band = offerPriceBand(base, limitPrices(base, 'topix500'), 'topix500', 'both');
    expect(band).toEqual({ lower: 23_145, upper: 28_285, base });
    expect(isOnTick(band.lower, 'topix500') && isOnTick(band.upper, 'topix500')).toBe(true);
  });

  it('POs and placements: 90–100 % of the base, never above it', () => {
    const base = 25_715;
    const band = offerPriceBand(base, limitPrices(base, 'topix500'), 'topix500', 'discount');
    expect(band).toEqual({ lower: 23_145, upper: 25_715, base });
    expect(withinOfferBand(base, band)).toBe(true);
    expect(withinOfferBand(base + 5, band)).toBe(false);
    expect(withinOfferBand(Math.round(base / 100), band)).toBe(false);
    expect(withinOfferBand(base * 10, band)).toBe(false);
    // A base off the grid (after a split) rounds the top down onto it.
    expect(offerPriceBand(25_717, limitPrices(25_717, 'topix500'), 'topix500', 'discount').upper).toBe(25_715);
  });

  it('the day’s limits cut the band where they are narrower', () => {
    const band = offerPriceBand(10_000, { lower: 9_500, upper: 10_300 }, 'other', 'both');
    expect(band).toEqual({ lower: 9_500, upper: 10_300, base: 10_000 });
  });

  it('the base is the previous close; before 9:00 the quote’s price (yesterday’s close)', () => {
    const q = { price: 1_010, prevClose: 1_000 };
    expect(offerBase(q, jstMs('2026-11-24', 10, 0))).toBe(1_000);
    expect(offerBase(q, jstMs('2026-11-24', 8, 0))).toBe(1_010);
  });

  it('an IPO range tops out 25 % above its bottom, on the tick grid', () => {
    expect(ipoRangeTop(10_000, 'other')).toBe(12_500);
    expect(ipoRangeTop(12_000, 'other')).toBe(15_000);
    expect(ipoRangeTop(10_010, 'other')).toBe(12_510);
    // ¥3,000 and up: tick ¥5 (50 scaled); 30,010 × 1.25 = 37,512.5 → 37,500.
    expect(ipoRangeTop(30_010, 'other')).toBe(37_500);
  });
});
