import { DAY_MS, JST_OFFSET_MS, MINUTE_MS, jstDayNumber, jstMidnight, jstParts, type Bar, type ChartPeriod } from './types';

/*
 * Candle aggregation. Inputs are bars sorted by `t` ascending (RangeError otherwise); bars whose
 * bucket is the same are merged: o = first open, h = max high, l = min low, c = last close,
 * v = Σ volume, turnover = Σ turnover when every merged bar has one (otherwise left out, since a
 * partial sum would understate it). Empty buckets produce no bar (no trades, no candle).
 *
 * The merged bar's `t` is the start of its bucket in Asia/Tokyo (UTC+9, no DST), not the time of
 * its first trade: 09:05 for the 5-minute bar 09:05–09:10, Monday 00:00 JST for a week (even when
 * Monday is a holiday), the 1st 00:00 JST for a month, 1 Jan / 1 Jul for 6-month bars, 1 Jan for a
 * year. That keeps bar times independent of holidays and of the instant the feed stamps daily bars.
 *
 * Corporate-action adjustment (adjust.ts) must run on the base bars (1-minute or daily) before
 * aggregating, or a week that contains an ex-date would mix adjusted and unadjusted prices.
 */

export type MinuteSize = 5 | 15 | 30;
export type CalendarUnit = 'week' | 'month' | 'halfyear' | 'year';

/**
 * Minutes after 00:00 JST at which a TSE session closes: 11:30 (morning) and 15:30 (the closing
 * auction's single-price match). A 1-minute bar stamped exactly there is the session's closing
 * print; it belongs to the bucket that ends at the close (11:25–11:30 / 15:25–15:30 for 5
 * minutes), not to a new bucket of its own. Pass `sessionCloses: []` for 24-hour markets.
 */
export const TSE_SESSION_CLOSES: readonly number[] = [11 * 60 + 30, 15 * 60 + 30];

export function assertSorted(bars: readonly Bar[]): void {
  for (let i = 1; i < bars.length; i++) {
    if (bars[i]!.t < bars[i - 1]!.t) throw new RangeError(`bars not sorted by time at index ${i}`);
  }
}

/**
 * Merge consecutive bars that map to the same bucket start. `bucketOf` must be non-decreasing for
 * sorted input (every bucket function here is).
 */
export function groupBars(bars: readonly Bar[], bucketOf: (bar: Bar) => number): Bar[] {
  assertSorted(bars);
  const out: Bar[] = [];
  let cur: Bar | null = null;
  let turnoverComplete = true;
  for (const b of bars) {
    const t = bucketOf(b);
    if (cur && cur.t === t) {
      if (b.h > cur.h) cur.h = b.h;
      if (b.l < cur.l) cur.l = b.l;
      cur.c = b.c;
      cur.v += b.v;
      if (b.turnover === undefined) turnoverComplete = false;
      else if (cur.turnover !== undefined) cur.turnover += b.turnover;
      continue;
    }
    if (cur) finish(cur, turnoverComplete, out);
    cur = { t, o: b.o, h: b.h, l: b.l, c: b.c, v: b.v };
    turnoverComplete = b.turnover !== undefined;
    if (turnoverComplete) cur.turnover = b.turnover;
  }
  if (cur) finish(cur, turnoverComplete, out);
  return out;
}

function finish(bar: Bar, turnoverComplete: boolean, out: Bar[]): void {
  if (!turnoverComplete) delete bar.turnover;
  out.push(bar);
}

/** Minutes after 00:00 JST. */
function jstMinuteOfDay(t: number): number {
  const ms = (((t + JST_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
  return Math.floor(ms / MINUTE_MS);
}

/**
 * 1-minute bars → 5/15/30-minute bars aligned to the clock in JST (09:00, 09:05, …). Because the
 * TSE sessions open at 09:00 and 12:30 and close at 11:30 and 15:30 (all multiples of 30 minutes),
 * no bucket spans the lunch break: 11:25–11:30 and 12:30–12:35 are separate bars.
 */
export function aggregateMinutes(bars: readonly Bar[], size: MinuteSize, opts: { sessionCloses?: readonly number[] } = {}): Bar[] {
  const ms = size * MINUTE_MS;
  const closes = new Set(opts.sessionCloses ?? TSE_SESSION_CLOSES);
  return groupBars(bars, (b) => {
    // A closing print stamped at the close joins the bucket that ends there.
    const t = closes.size > 0 && b.t % MINUTE_MS === 0 && closes.has(jstMinuteOfDay(b.t)) ? b.t - 1 : b.t;
    return Math.floor(t / ms) * ms; // JST is a whole number of hours from UTC, so UTC alignment is JST alignment
  });
}

/** Start (UTC epoch ms) of the JST calendar bucket that contains `t`. */
export function calendarBucket(t: number, unit: CalendarUnit): number {
  if (unit === 'week') {
    // ISO weeks run Monday–Sunday. Day 0 (1970-01-01) was a Thursday, so Monday-based weekday = (day + 3) mod 7.
    const day = jstDayNumber(t);
    const monday = day - (((day + 3) % 7) + 7) % 7;
    return monday * DAY_MS - JST_OFFSET_MS;
  }
  const { year, month } = jstParts(t);
  if (unit === 'month') return jstMidnight(year, month, 1);
  if (unit === 'halfyear') return jstMidnight(year, month <= 6 ? 1 : 7, 1);
  return jstMidnight(year, 1, 1);
}

/** Daily bars → week (ISO, Monday–Sunday), month, 6-month (Jan–Jun, Jul–Dec) or year bars, in JST. */
export function aggregateCalendar(bars: readonly Bar[], unit: CalendarUnit): Bar[] {
  return groupBars(bars, (b) => calendarBucket(b.t, unit));
}

/**
 * The bars of a chart period from its base bars: 1-minute bars for min5/min15/min30, daily bars
 * for day (returned as is), week, month, halfyear and year. Time-share has its own shape: use
 * `timeShare`.
 */
export function aggregateTo(period: Exclude<ChartPeriod, 'timeshare'>, base: readonly Bar[], opts: { sessionCloses?: readonly number[] } = {}): Bar[] {
  switch (period) {
    case 'min5':
      return aggregateMinutes(base, 5, opts);
    case 'min15':
      return aggregateMinutes(base, 15, opts);
    case 'min30':
      return aggregateMinutes(base, 30, opts);
    case 'day':
      return base.slice();
    default:
      return aggregateCalendar(base, period);
  }
}

/** A time-share (分時) series: one point per 1-minute bar of one trading day. */
export interface TimeShare {
  /** Bar start times. */
  t: number[];
  /** Each minute's close (scaled integer price). */
  price: number[];
  /**
   * Running average price (scaled units, float) from the day's first bar up to and including this
   * one; null until something has traded. See `timeShare` for the formula.
   */
  avg: (number | null)[];
  /** Each minute's volume. */
  volume: number[];
}

/**
 * The time-share series of the last JST calendar day present in `bars` (1-minute bars, sorted):
 * earlier days are ignored, so the whole 1-minute history can be passed.
 *
 * The average line is the day's volume-weighted average price so far (the VWAP-like 平均価格 of
 * Japanese boards): avg = Σturnover × priceScale ÷ Σvolume when every bar of the day carries
 * `turnover` (in yen, hence × priceScale to get back to scaled units), otherwise Σ(close × volume)
 * ÷ Σvolume (each minute's volume counted at its close). One formula is used for the whole day, so
 * the line never jumps between them. Null while Σvolume is 0 (before the first trade; always for
 * FX quotes, which have no volume).
 */
export function timeShare(bars: readonly Bar[], opts: { priceScale: number }): TimeShare {
  assertSorted(bars);
  const out: TimeShare = { t: [], price: [], avg: [], volume: [] };
  const last = bars[bars.length - 1];
  if (!last) return out;
  const day = jstDayNumber(last.t);
  let start = bars.length - 1;
  while (start > 0 && jstDayNumber(bars[start - 1]!.t) === day) start--;
  const dayBars = bars.slice(start);
  const useTurnover = dayBars.every((b) => b.turnover !== undefined);
  let sumV = 0;
  let sumValue = 0;
  for (const b of dayBars) {
    sumV += b.v;
    sumValue += useTurnover ? b.turnover! * opts.priceScale : b.c * b.v;
    out.t.push(b.t);
    out.price.push(b.c);
    out.volume.push(b.v);
    out.avg.push(sumV > 0 ? sumValue / sumV : null);
  }
  return out;
}
