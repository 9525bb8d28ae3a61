import { calendarBucket, type CalendarUnit } from '../../../shared/chart/aggregate';
import { DAY_MS, JST_OFFSET_MS, MINUTE_MS, type Bar, type ChartPeriod } from '../../../shared/chart/types';

/*
 * The current candle follows the live quote (pure; unit-tested in tests/unit/chart-live-bar.test.ts).
 * The candles endpoint is refetched every minute (intraday) or five (daily and longer); between two
 * fetches each streamed quote is folded into the last candle — high, low, close and the volume traded
 * since — or opens the next intraday candle when the quote's minute has moved past the last one.
 * A quote only moves forward: anything older than what has been folded in is ignored. A new trading
 * day waits for the refetch (the server knows the day's opening print; a quote alone does not).
 */

/** What the chart uses of a quote (the contract's quote fits). */
export interface LiveQuoteLike {
  at: number;
  session: string;
  tradingDate: string;
  price: number;
  high: number | null;
  low: number | null;
  volume: number;
}

export interface LiveBars {
  bars: readonly Bar[];
  /** The trading day the candles (and the volume below) belong to. */
  tradingDate: string;
  /** Market instant the bars are current to. */
  at: number;
  /** The day's volume already inside the bars. */
  dayVolume: number;
}

const CONTINUOUS = new Set(['morning', 'afternoon', 'open']);
const MINUTES: Partial<Record<ChartPeriod, number>> = { timeshare: 1, min5: 5, min15: 15, min30: 30 };
const CALENDAR: Partial<Record<ChartPeriod, CalendarUnit>> = { week: 'week', month: 'month', halfyear: 'halfyear', year: 'year' };

/** 00:00 JST of an ISO date. */
function dayStart(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - JST_OFFSET_MS;
}

/** The state a fetched candle list starts from. */
export function liveStart(bars: readonly Bar[], period: ChartPeriod, tradingDate: string, at: number, dayVolume: number | null | undefined): LiveBars {
  let v = dayVolume ?? null;
  if (v === null) {
    // Intraday bars of the trading day add up to its volume (the server cuts the last at the quote).
    // Daily: today's candle holds it. Longer (a cached answer from before `dayVolume`): unknown,
    // so prices follow the quote and the volume waits for the refetch (never counted twice).
    const from = dayStart(tradingDate);
    const last = bars[bars.length - 1];
    if (MINUTES[period] !== undefined) v = bars.filter((b) => b.t >= from && b.t < from + DAY_MS).reduce((a, b) => a + b.v, 0);
    else v = period === 'day' && last?.t === from ? last.v : Number.POSITIVE_INFINITY;
  }
  return { bars, tradingDate, at, dayVolume: v };
}

/** Fold one quote into the candles; the same object when it changes nothing. */
export function applyLiveQuote(state: LiveBars, period: ChartPeriod, q: LiveQuoteLike): LiveBars {
  const last = state.bars[state.bars.length - 1];
  if (!last || q.at <= state.at || q.tradingDate !== state.tradingDate) return state;
  const dv = Math.max(0, q.volume - state.dayVolume);
  const size = MINUTES[period];
  let bars: Bar[];
  if (size !== undefined) {
    // Intraday: buckets aligned to the clock (JST is whole hours from UTC). Outside continuous
    // trading (lunch, the closing auction) nothing trades minute by minute: wait for the refetch.
    if (!CONTINUOUS.has(q.session)) return state;
    const ms = size * MINUTE_MS;
    const bucket = Math.floor(q.at / ms) * ms;
    if (bucket < last.t) return state;
    if (bucket === last.t) {
      bars = state.bars.slice(0, -1);
      bars.push({ ...last, h: Math.max(last.h, q.price), l: Math.min(last.l, q.price), c: q.price, v: last.v + dv });
    } else {
      // A new candle opens where the last closed (the simulator's minutes open at the previous close).
      bars = state.bars.slice();
      bars.push({ t: bucket, o: last.c, h: Math.max(last.c, q.price), l: Math.min(last.c, q.price), c: q.price, v: dv });
    }
  } else {
    // Daily and longer: the day's candle (or the week's, month's… that holds today).
    const today = dayStart(q.tradingDate);
    const unit = CALENDAR[period];
    const bucket = unit ? calendarBucket(today, unit) : today;
    if (last.t !== bucket) return state; // today's candle is not there yet: the refetch brings it
    const hi = Math.max(q.high ?? q.price, q.price);
    const lo = Math.min(q.low ?? q.price, q.price);
    bars = state.bars.slice(0, -1);
    bars.push({ ...last, h: Math.max(last.h, hi), l: Math.min(last.l, lo), c: q.price, v: last.v + dv });
  }
  return { bars, tradingDate: state.tradingDate, at: q.at, dayVolume: state.dayVolume + dv };
}
