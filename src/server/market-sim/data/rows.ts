import type { Sector33 } from '../../../shared/market';

/**
 * One stock of the reference data: [code, Japanese name, katakana reading, English name,
 * TSE 33 sector, price level in yen at the anchor date, shares outstanding in millions].
 * Price levels and share counts are approximate (late December 2025, rounded); they set the scale
 * the simulator starts from, they are not a record of real prices.
 */
export type StockRow = readonly [
  code: string,
  nameJa: string,
  kana: string,
  nameEn: string,
  sector: Sector33,
  priceYen: number,
  sharesMillions: number,
];
