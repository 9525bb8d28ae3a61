/**
 * A simulated order book (板) around a quote. The simulator has no orders, only a price path, so
 * the book is drawn to agree with what the quote says and nothing more:
 * - the best ask and bid ARE the quote's ask and bid; every level is one tick from the next on the
 *   stock's tick table (docs/tse-rules.md "Tick sizes"), and no level lies beyond the day's price
 *   limits (docs/tse-rules.md "Daily price limits"), so near a limit a side simply has fewer levels;
 * - at a limit only one side has orders (ストップ高: buyers only, ストップ安: sellers only), a large
 *   queue sits on the limit price, and the market orders that could not fill wait as 成行; in
 *   continuous trading away from a limit a market order fills at once, so 成行 is 0;
 * - OVER / UNDER are the sums of the levels past the shown ones, drawn with the same model level by
 *   level up to the limit price (orders thin out with distance from the price);
 * - sizes are whole 単元 (100 shares), scaled to the stock's typical daily volume;
 * - no quote bid/ask (outside continuous trading) means no book: nothing is invented for the
 *   auctions.
 * Deterministic: one stream per (seed, code, 15-second step), the quote's own step (quote.ts), so
 * the same seed and instant give the same book, and the book holds still while the quote does.
 */
import { rngFor, type Rng } from './prng';
import { stepTick, type TickTable } from '../../shared/market/tick';
import type { LimitPrices } from '../../shared/market/limits';

export const BOOK_STEP_MS = 15_000;
const LOT = 100;

export interface BookLevel {
  price: number;
  /** Shares, a multiple of 100. */
  qty: number;
}

export type BookStatus = 'open' | 'limit_up' | 'limit_down' | 'closed';

export interface SimBook {
  status: BookStatus;
  /** Best (lowest) ask first. */
  asks: BookLevel[];
  /** Best (highest) bid first. */
  bids: BookLevel[];
  /** Shares offered above the last shown ask, up to the upper limit. */
  over: number;
  /** Shares bid below the last shown bid, down to the lower limit. */
  under: number;
  /** Waiting market orders (成行), shares. */
  marketBuy: number;
  marketSell: number;
}

export interface BookInput {
  seed: string;
  code: string;
  at: number;
  bid: number | null;
  ask: number | null;
  limits: LimitPrices | null;
  limitState: 'up' | 'down' | null;
  tickTable: TickTable;
  /** Shares a typical day trades (e.g. the 20-day average). */
  typicalVolume: number;
  /** Levels per side (at most; fewer near a limit). */
  depth: number;
}

/** Whole lots, at least one. */
function lots(shares: number): number {
  return Math.max(1, Math.round(shares / LOT)) * LOT;
}

/**
 * Orders resting per level: about 0.2 % of a day's volume, thinner at the touch and thicker a few
 * ticks away (as real boards look), more on round prices (a whole ¥10 / ¥100 step), log-normal noise.
 */
function levelQty(r: Rng, unit: number, j: number, price: number, tick: number): number {
  const shape = 0.55 + 0.12 * Math.min(j, 8);
  const round = price % (tick * 10) === 0 ? 1.8 : 1;
  return lots(unit * shape * round * Math.exp(0.7 * r.normal() - 0.25));
}

/** One side from `best` outward (`dir` +1 asks, −1 bids) until `stop` (a limit, inclusive). */
function side(r: Rng, input: BookInput, best: number, dir: 1 | -1, stop: number | null, unit: number) {
  const shown: BookLevel[] = [];
  let hidden = 0;
  let p = best;
  const within = (x: number) => (stop === null ? true : dir === 1 ? x <= stop : x >= stop);
  // Far from the price orders thin out: e-folding over 4 % of the price; stop past 25 % if no limit.
  const reach = best * 0.25;
  for (let j = 0; within(p) && Math.abs(p - best) <= reach; j++) {
    const tick = Math.abs(stepTick(p, input.tickTable, dir) - p) || 1;
    if (j < input.depth) {
      shown.push({ price: p, qty: levelQty(r, unit, j, p, tick) });
    } else {
      const fade = Math.exp(-Math.abs(p - best) / (best * 0.04));
      const q = unit * 1.5 * fade * Math.exp(0.7 * r.normal() - 0.25);
      hidden += Math.round(q / LOT) * LOT;
    }
    const next = stepTick(p, input.tickTable, dir);
    if (next === p) break; // the smallest valid price: nothing below
    p = next;
  }
  return { shown, hidden };
}

export function simBook(input: BookInput): SimBook {
  const empty: SimBook = { status: 'closed', asks: [], bids: [], over: 0, under: 0, marketBuy: 0, marketSell: 0 };
  if (input.bid === null && input.ask === null) return empty;
  const r = rngFor(input.seed, input.code, Math.floor(input.at / BOOK_STEP_MS), 'book');
  const unit = Math.max(LOT, input.typicalVolume * 0.002);
  const lim = input.limits;
  const asks = input.ask === null ? { shown: [], hidden: 0 } : side(r, input, input.ask, 1, lim?.upper ?? null, unit);
  const bids = input.bid === null ? { shown: [], hidden: 0 } : side(r, input, input.bid, -1, lim?.lower ?? null, unit);
  const book: SimBook = {
    status: input.limitState === 'up' ? 'limit_up' : input.limitState === 'down' ? 'limit_down' : 'open',
    asks: asks.shown,
    bids: bids.shown,
    over: asks.hidden,
    under: bids.hidden,
    marketBuy: 0,
    marketSell: 0,
  };
  // Locked at a limit: the one-sided queue on the limit price is many times a normal level, and
  // the market orders of that side wait behind it (they can only fill at the limit).
  const queue = (base: BookLevel | undefined) => {
    if (base) base.qty = lots(unit * (15 + 25 * r.next()));
    return lots(unit * (3 + 6 * r.next()));
  };
  if (book.status === 'limit_up' && book.asks.length === 0) book.marketBuy = queue(book.bids[0]);
  if (book.status === 'limit_down' && book.bids.length === 0) book.marketSell = queue(book.asks[0]);
  return book;
}
