/**
 * Pure rules of a block-trade purchase (no React). The money arithmetic is the server's own
 * (src/shared/domain/trade-money.ts), so the preview shows exactly what the purchase will post.
 */
import { LEVERAGE_SCALE } from '../../../shared/domain/position';
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
