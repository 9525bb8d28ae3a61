/**
 * TSE stock prices as integers (docs/architecture.md "The money model"): priceScale 10, so 1 unit = 0.1 yen and
 * ¥2,345.5 is 23455. Text ⇄ integer goes through the exact decimal helpers in shared/money,
 * never through a float.
 */
import { assertSafeInteger, formatDecimal, parseDecimal, MoneyError } from '../money';

/** Units per yen for TSE stocks (the smallest TOPIX500 tick is 0.1 yen). */
export const TSE_PRICE_SCALE = 10;

/** Trading unit (単元株): 100 shares for every domestic stock (docs/tse-rules.md, Sessions). */
export const LOT_SIZE = 100;

/** Decimal places a price scale stands for (10 → 1, 1000 → 3). Scales are powers of ten. */
export function scaleDecimals(priceScale: number): number {
  const d = Math.round(Math.log10(priceScale));
  if (priceScale < 1 || 10 ** d !== priceScale) throw new MoneyError(`price scale is not a power of ten: ${priceScale}`);
  return d;
}

/** "2345.5" → 23455. Refuses text that would need rounding (an extra non-zero digit). */
export function parsePrice(text: string, priceScale = TSE_PRICE_SCALE): number {
  return parseDecimal(text, scaleDecimals(priceScale));
}

/** 23455 → "2345.5"; always the scale's number of decimals, ungrouped (wire format). */
export function formatPrice(price: number, priceScale = TSE_PRICE_SCALE, opts: { group?: boolean } = {}): string {
  return formatDecimal(price, scaleDecimals(priceScale), opts);
}

/** Whole yen → scaled price (2345 → 23450). */
export function yenToPrice(yen: number, priceScale = TSE_PRICE_SCALE): number {
  assertSafeInteger(yen, 'yen');
  const p = yen * priceScale;
  assertSafeInteger(p, 'price');
  return p;
}

/**
 * A scaled price as whole yen, rounded down (23455 → 2345). Only for display summaries and
 * yen-denominated thresholds; money computations keep the scaled integer.
 */
export function priceToYenFloor(price: number, priceScale = TSE_PRICE_SCALE): number {
  assertSafeInteger(price, 'price');
  return Math.floor(price / priceScale);
}

/** Yen value of `qty` shares at `price`: qty × price ÷ scale, exact, rounded down to the yen. */
export function notionalYen(price: number, qty: number, priceScale = TSE_PRICE_SCALE): number {
  assertSafeInteger(price, 'price');
  assertSafeInteger(qty, 'quantity');
  const v = (BigInt(price) * BigInt(qty)) / BigInt(priceScale);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new MoneyError('notional out of safe range');
  return Number(v);
}

/** Change from `base` to `price` in basis points (1 bp = 0.01 %), rounded half away from zero. */
export function changeBp(price: number, base: number): number {
  if (base <= 0) return 0;
  const num = (price - base) * 10_000;
  const q = Math.trunc(num / base);
  const rem = Math.abs(num - q * base) * 2;
  return rem >= base ? q + Math.sign(num) : q;
}
