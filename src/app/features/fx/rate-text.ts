import { formatDecimal } from '../../../shared/money';
import { FX_RATE_SCALE } from '../../../shared/api/fx';

const RATE_DECIMALS = Math.round(Math.log10(FX_RATE_SCALE));

/** A scaled rate (× FX_RATE_SCALE) as text, trailing zeros dropped down to two decimals: 15590830000 → "155.9083". */
export function rateText(rate: number): string {
  const full = formatDecimal(rate, RATE_DECIMALS, { group: true });
  return full.replace(/(\.\d{2}\d*?)0+$/, '$1');
}

/** Whole seconds left of a quote that was received at `receivedAt` with `ttlMs` to live (never negative). */
export function secondsLeft(receivedAt: number, ttlMs: number, now: number): number {
  return Math.max(0, Math.ceil((receivedAt + ttlMs - now) / 1000));
}
