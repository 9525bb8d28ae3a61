/**
 * Pure decisions of the trading jobs: what a position needs at a quote. The engine decides on the
 * rows it read, and only for a decision opens a transaction, locks the row and decides again.
 */
import { jstDate } from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import type { Direction } from '../../../shared/domain/position';
import type { Quote } from '../../market';
import { closeSide, limitFill, marketPrice, openSide } from './market';
import type { PositionRow } from './repo';
import { valueHeld } from './view';

export type PricedAction =
  | { kind: 'fill'; price: number }
  | { kind: 'close'; price: number }
  | { kind: 'forced_close'; price: number; ratioBp: number }
  | { kind: 'margin_call'; ratioBp: number };

/** In continuous trading: limit fills, limit closes, then the maintenance check (forced close first). */
export function decide(pos: PositionRow, q: Quote, now: number, cfg: ConfigValues): PricedAction | null {
  const dir = pos.direction as Direction;
  if (pos.status === 'pending') {
    if (pos.price_type !== 'limit' || pos.limit_price === null || pos.fill_at !== null) return null;
    const price = limitFill(openSide(dir), pos.limit_price, q);
    return price === null ? null : { kind: 'fill', price };
  }
  if (pos.status !== 'holding' && pos.status !== 'closing') return null;
  if (pos.status === 'closing' && pos.close_type === 'limit' && pos.close_limit_price !== null) {
    const price = limitFill(closeSide(dir), pos.close_limit_price, q);
    if (price !== null) return { kind: 'close', price };
  }
  const v = valueHeld(pos, q);
  if (!v) return null;
  if (v.ratioBp < cfg.forcedCloseRatioBp) return { kind: 'forced_close', price: marketPrice(closeSide(dir), q) ?? q.price, ratioBp: v.ratioBp };
  const calledToday = pos.margin_call_at !== null && jstDate(pos.margin_call_at) >= jstDate(now);
  if (v.ratioBp < cfg.maintenanceRatioBp && !calledToday) return { kind: 'margin_call', ratioBp: v.ratioBp };
  return null;
}

/**
 * A limit order (or limit close) still waiting at the closing match takes part in it: it fills at
 * the single auction price when that price satisfies the limit (docs/tse-rules.md: match at 15:30). Day
 * trades do not: they would be closed by the same match.
 */
export function closingAuctionFill(pos: PositionRow, auctionPrice: number): number | null {
  const dir = pos.direction as Direction;
  const crosses = (side: 'buy' | 'sell', limit: number) => (side === 'buy' ? auctionPrice <= limit : auctionPrice >= limit);
  if (pos.status === 'pending' && pos.price_type === 'limit' && pos.limit_price !== null && pos.day_trade === 0) {
    return crosses(openSide(dir), pos.limit_price) ? auctionPrice : null;
  }
  if (pos.status === 'closing' && pos.close_type === 'limit' && pos.close_limit_price !== null && pos.day_trade === 0) {
    return crosses(closeSide(dir), pos.close_limit_price) ? auctionPrice : null;
  }
  return null;
}
