/**
 * A quote is read off the day's 1-minute bars up to the instant asked about, so nothing moves
 * outside trading hours and the same instant always gives the same answer. Inside a minute the
 * price passes four checkpoints (open, one extreme, the other, close) every 15 seconds, so a live
 * stream sees movement between minute bars without inventing prices the bar does not contain.
 */
import { changeBp, notionalYen, stepTick, type IsoDate, type LimitPrices } from '../../shared/market';
import type { Instrument, MinuteBar, Quote, QuoteSession } from '../market/port';

export interface DaySnapshot {
  date: IsoDate;
  base: number;
  limits: LimitPrices | null;
  minutes: readonly MinuteBar[];
}

const MINUTE = 60_000;
const STEP = 15_000;

interface Partial {
  open: number | null;
  high: number | null;
  low: number | null;
  last: number;
  volume: number;
  turnover: number;
}

/** What had traded by `at` (all of the day when `at` is after its last bar). */
export function tradedBy(day: DaySnapshot, at: number, volumeUnit: number): Partial {
  const p: Partial = { open: null, high: null, low: null, last: day.base, volume: 0, turnover: 0 };
  for (const bar of day.minutes) {
    if (at < bar.t) break;
    if (bar.volume === 0) continue; // nothing traded: the price did not move
    const full = bar.auction === true || at >= bar.t + MINUTE;
    if (p.open === null) p.open = bar.open;
    let hi = bar.high;
    let lo = bar.low;
    if (full) {
      p.last = bar.close;
      p.volume += bar.volume;
      p.turnover += bar.turnover;
    } else {
      const points = bar.close >= bar.open ? [bar.open, bar.low, bar.high, bar.close] : [bar.open, bar.high, bar.low, bar.close];
      const q = Math.min(3, Math.floor((at - bar.t) / STEP));
      hi = lo = points[0]!;
      for (let k = 1; k <= q; k++) {
        hi = Math.max(hi, points[k]!);
        lo = Math.min(lo, points[k]!);
      }
      p.last = points[q]!;
      p.volume += Math.floor(((bar.volume / volumeUnit) * (q + 1)) / 4) * volumeUnit;
      p.turnover += Math.floor((bar.turnover * (q + 1)) / 4);
    }
    p.high = p.high === null ? hi : Math.max(p.high, hi);
    p.low = p.low === null ? lo : Math.min(p.low, lo);
  }
  return p;
}

export interface QuoteInput {
  instrument: Instrument;
  at: number;
  session: QuoteSession;
  day: DaySnapshot;
  volumeUnit: number;
  /** Shares outstanding on that day (stocks), for the market value. */
  shares: number | null;
  tick: (price: number) => number;
  /** True while a continuous book exists (bid/ask are shown). */
  continuous: boolean;
  /**
   * The band orders placed at `at` are checked against, when it is not the shown day's: before the
   * open the figures are still the last trading day's, but the limits are already today's
   * (docs/tse-rules.md "Daily price limit"), so the screen and the order check agree.
   */
  orderLimits?: LimitPrices | null;
}

export function buildQuote(input: QuoteInput): Quote {
  const { instrument: inst, day } = input;
  const p = tradedBy(day, input.at, input.volumeUnit);
  const price = p.last;
  const lim = day.limits;
  // Whether the price shown is stuck at its own day's limit (before the open: how that day closed).
  const limitState = lim && price === lim.upper ? 'up' : lim && price === lim.lower ? 'down' : null;
  const shownLimits = input.orderLimits === undefined ? lim : input.orderLimits;
  let bid: number | null = null;
  let ask: number | null = null;
  if (input.continuous && !inst.fixed) {
    // One level of book: at a limit only that side has orders (no sellers at ストップ高).
    const next = inst.tickTable ? stepTick(price, inst.tickTable, 1) : price + input.tick(price);
    bid = limitState === 'down' ? null : price;
    ask = limitState === 'up' ? null : limitState === 'down' ? price : lim ? Math.min(lim.upper, next) : next;
  }
  return {
    code: inst.code,
    at: input.at,
    session: input.session,
    tradingDate: day.date,
    priceScale: inst.priceScale,
    price,
    prevClose: day.base,
    open: p.open,
    high: p.high,
    low: p.low,
    change: price - day.base,
    changeBp: changeBp(price, day.base),
    volume: p.volume,
    turnover: p.turnover,
    marketValue: input.shares === null ? null : notionalYen(price, input.shares, inst.priceScale),
    limits: shownLimits ? { upper: shownLimits.upper, lower: shownLimits.lower } : null,
    limitState,
    bid,
    ask,
    simulated: true,
  };
}
