/**
 * Prices for trading, read from the injected MarketDataSource (never stored: a fill is explained by
 * the simulated quote at its instant). TSE rules from docs/tse-rules.md via src/shared/market.
 */
import { isContinuousTrading, jstDate, sessionAt, sessionBounds, type LimitPrices, type TickTable } from '../../../shared/market';
import type { Direction } from '../../../shared/domain/position';
import type { Instrument, MarketDataSource, Quote } from '../../market';
import { notFound, ruleBroken } from '../../errors';

export interface Tradable extends Instrument {
  tickTable: TickTable;
}

/** Only TSE stocks trade here (lots, ticks, limits and sessions are TSE rules). */
export function tradable(market: MarketDataSource, code: string): Tradable {
  const inst = market.instrument(code);
  if (!inst || inst.kind !== 'stock' || !inst.tickTable) throw notFound('product_not_found', { code });
  return inst as Tradable;
}

/** The quote at `at`; `price_unavailable` when the source has none (e.g. outside its horizon). */
export function quoteAt(market: MarketDataSource, code: string, at: number): Quote {
  let q: Quote;
  try {
    q = market.quote(code, at);
  } catch (err) {
    if (err instanceof RangeError) throw ruleBroken('price_unavailable', { code });
    throw err;
  }
  if (!Number.isSafeInteger(q.price) || q.price <= 0) throw ruleBroken('price_unavailable', { code });
  return q;
}

/**
 * The price limits orders are checked against now: the quote's own, which before 9:00 are already
 * today's (built on the previous close, split-adjusted on an ex-date: docs/tse-rules.md "Daily
 * price limit"), so the band the user sees and the band an order meets are one and the same.
 */
export function dayLimits(q: Quote): LimitPrices {
  if (!q.limits) throw ruleBroken('price_unavailable', { code: q.code });
  return q.limits;
}

/**
 * Orders accepted outside continuous trading wait for the next single-price match: the opening
 * auction (9:00), the afternoon open (12:30) or the closing auction (15:30). Null when trading now.
 */
export function nextAuction(now: number): number | null {
  const session = sessionAt(now);
  const b = sessionBounds(jstDate(now));
  if (session === 'pre_open') return b.open;
  if (session === 'lunch') return b.afternoonOpen;
  if (session === 'closing_auction') return b.close;
  return null;
}

/** The closing match of `now`'s day: day orders expire and day trades are closed here. */
export function dayClose(now: number): number {
  return sessionBounds(jstDate(now)).close;
}

export function isTradingNow(now: number): boolean {
  return isContinuousTrading(sessionAt(now));
}

/** Opening a long buys at the ask; opening a short sells at the bid. */
export function openSide(direction: Direction): 'buy' | 'sell' {
  return direction === 'up' ? 'buy' : 'sell';
}

/** Closing a long sells at the bid; closing a short buys back at the ask. */
export function closeSide(direction: Direction): 'buy' | 'sell' {
  return direction === 'up' ? 'sell' : 'buy';
}

/** The executable price for a market order on `side`, or null when that side of the book is empty. */
export function marketPrice(side: 'buy' | 'sell', q: Quote): number | null {
  return side === 'buy' ? q.ask : q.bid;
}

/** A limit order executes when the book reaches it, at the book's (equal or better) price. */
export function limitFill(side: 'buy' | 'sell', limit: number, q: Quote): number | null {
  if (side === 'buy') return q.ask !== null && q.ask <= limit ? q.ask : null;
  return q.bid !== null && q.bid >= limit ? q.bid : null;
}
