import { addDays } from '../../../shared/market';
import { roundToTick, stepTick } from '../../../shared/market/tick';
import { LOT_SIZE } from '../../../shared/market/price';
import { BOOK_DEPTH, TRADES_LIVE, type BookData, type StreamDepth, type TradesData } from '../../../shared/api/market';
import { simBook } from '../../market-sim/book';
import { latestPrints } from '../../market-sim/trades';
import { Lru } from '../../platform/lru';
import type { Instrument } from '../../market';
import type { MarketService } from './service';

/*
 * The stock detail's 板 and 歩み値 (docs/tse-rules.md: ticks, limits, lots), drawn by the simulator's
 * pure generators (market-sim/book.ts, trades.ts) from the quote, the day's minute bars and the
 * stock's typical volume, all read through the MarketDataSource port. Stocks only: an index has
 * no book, and crypto / FX have no lots or tick tables to draw one with.
 */

/** Sessions typical volume looks back over. */
const TYPICAL_DAYS = 20;
const typical = new Lru<string, number>(4_000);

/** The average daily volume of the 20 trading days before `date` (shares). */
function typicalVolume(market: MarketService, code: string, date: string): number {
  return typical.getOr(`${market.seed}|${code}|${date}`, () => {
    const bars = market.source.dailyBars(code, addDays(date, -40), addDays(date, -1)).slice(-TYPICAL_DAYS);
    return bars.length === 0 ? 0 : bars.reduce((a, b) => a + b.volume, 0) / bars.length;
  });
}

export function book(market: MarketService, code: string, at = market.now()): BookData {
  const inst = market.stock(code);
  const q = market.quote(inst.code, at);
  const b = simBook({
    seed: market.seed,
    code: inst.code,
    at,
    bid: q.bid,
    ask: q.ask,
    limits: q.limits,
    limitState: q.limitState,
    tickTable: inst.tickTable ?? 'other',
    typicalVolume: typicalVolume(market, inst.code, q.tradingDate),
    depth: BOOK_DEPTH,
  });
  return {
    code: inst.code, at, session: q.session, priceScale: q.priceScale, price: q.price, bid: q.bid, ask: q.ask, limits: q.limits,
    ...b,
    simulated: true,
  };
}

export function trades(market: MarketService, code: string, limit: number, at = market.now()): TradesData {
  const inst: Instrument = market.stock(code);
  const q = market.quote(inst.code, at);
  const table = inst.tickTable ?? 'other';
  const items = latestPrints(market.seed, inst.code, market.source.minuteBars(inst.code, q.tradingDate), at, q.prevClose, limit, {
    round: (p) => roundToTick(Math.round(p), table, 'nearest'),
    up: (p) => stepTick(p, table, 1),
    volumeUnit: LOT_SIZE,
  });
  return { code: inst.code, at, tradingDate: q.tradingDate, priceScale: q.priceScale, items, simulated: true };
}

/** What the quote stream sends a client showing the book of `code` (hub.ts). */
export function depthOf(market: MarketService, code: string, at: number): StreamDepth {
  return { book: book(market, code, at), trades: trades(market, code, TRADES_LIVE, at) };
}
