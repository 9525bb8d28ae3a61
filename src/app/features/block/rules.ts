/**
 * Pure rules of a block-trade purchase (no React). The money arithmetic is the server's own
 * (src/shared/domain/trade-money.ts), so the preview shows exactly what the purchase will post.
 */
import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { LEVERAGE_SCALE } from '../../../shared/domain/position';
import { formatPercent } from '../../../shared/money';
import { orderCost, type FeeSchedule, type OrderCost } from '../../../shared/domain/trade-money';

/** Cost of a block-trade purchase: a cash buy of `shares` at the offer price, fee included. */
export function blockCost(price: number, shares: number, priceScale: number, schedule: FeeSchedule): OrderCost {
  return orderCost(price, shares, priceScale, LEVERAGE_SCALE, schedule);
}

export type ShareCheck = 'ok' | 'below_min' | 'above_available' | 'not_whole';

/** Block-trade share count rules: a whole number, at least the minimum, at most what is left. */
export function checkBlockShares(shares: number, minShares: number, available: number): ShareCheck {
  if (!Number.isSafeInteger(shares) || shares <= 0) return 'not_whole';
  if (shares < minShares) return 'below_min';
  if (shares > available) return 'above_available';
  return 'ok';
}

/**
 * An offer's price against the market as words, never a signed number (a "-3.00%" reads as a
 * cut to one reader and as a loss to another): 300 bp → "3.00% 割引" / "3.00% off", −150 bp →
 * "1.50% 割増" / "1.50% above market", 0 → "時価と同じ". `discountBp` is (market − offer) ÷ market.
 */
export function discountText(i18n: I18n, discountBp: number): string {
  if (discountBp === 0) return i18n._(AT_MARKET);
  const descriptor: MessageDescriptor = { ...(discountBp > 0 ? DISCOUNT : PREMIUM), values: { rate: formatPercent(Math.abs(discountBp), { sign: false }) } };
  return i18n._(descriptor);
}

const DISCOUNT = msg({ message: '{rate} 割引' });
const PREMIUM = msg({ message: '{rate} 割増' });
const AT_MARKET = msg({ message: '時価と同じ' });
