/**
 * Read-only price questions other areas ask of trading (block offers and offerings are priced
 * against the day's band: docs/domain.md "Block trades", "IPO and offerings"): which stocks trade
 * here, and a stock's quote with today's price limits. The same answers orders are checked against.
 */
import type { LimitPrices } from '../../../shared/market';
import type { MarketDataSource, Quote } from '../../market';
import { dayLimits, quoteAt, tradable, type Tradable } from './market';

export type { Tradable };

/** The stock if it trades here (a TSE stock), else `product_not_found`. */
export function tradableStock(market: MarketDataSource, code: string): Tradable {
  return tradable(market, code);
}

/** The stock's quote at `at` and today's price limits, else `price_unavailable`. */
export function priceLimitsOf(market: MarketDataSource, code: string, at: number): { quote: Quote; limits: LimitPrices } {
  const quote = quoteAt(market, code, at);
  return { quote, limits: dayLimits(quote) };
}
