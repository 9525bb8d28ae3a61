/** What a fund reads of the market (through the market-data port): prices now, a day's close, past closes. */
import type { MarketDataSource } from '../../market';
import { addDays, prevTradingDay, type IsoDate } from '../../../shared/market';
import { strikeAt } from './rules';

/** The price of `code` at `at`, 0 when there is none (unknown code, outside the simulated horizon). */
export function priceNow(market: MarketDataSource, code: string, at: number): number {
  try {
    return market.quote(code, at).price;
  } catch {
    return 0;
  }
}

/** Prices at `at` of the stocks among `codes` (an index, or a code without a quote, is left out). */
export function pricesAt(market: MarketDataSource, codes: Iterable<string>, at: number): Map<string, { price: number; scale: number }> {
  const prices = new Map<string, { price: number; scale: number }>();
  for (const c of codes) {
    const inst = market.instrument(c);
    if (!inst || inst.kind !== 'stock') continue;
    const price = priceNow(market, c, at);
    if (price > 0) prices.set(c, { price, scale: inst.priceScale });
  }
  return prices;
}

/** The close of `day` (the price at the strike's instant when the day has no bar). */
export function closeOf(market: MarketDataSource, code: string, day: IsoDate): number {
  return market.dailyBars(code, day, day)[0]?.close ?? priceNow(market, code, strikeAt(day));
}

/** Past closes (up to the last trading day before today) of the codes a rule looks at. */
export function closesBefore(market: MarketDataSource, codes: readonly string[], today: IsoDate): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const to = prevTradingDay(today);
  const from = addDays(to, -60);
  for (const c of codes) {
    try {
      out.set(c, market.dailyBars(c, from, to).map((b) => b.close));
    } catch {
      // outside the simulated horizon or unknown: the rule sees no history for it
    }
  }
  return out;
}

/** The stock's Japanese and English names (the reader's language is chosen on screen), else its code. */
export function namesOf(market: MarketDataSource, code: string): { name: string; nameEn: string } {
  const i = market.instrument(code);
  return { name: i?.nameJa ?? code, nameEn: i?.nameEn || i?.nameJa || code };
}
