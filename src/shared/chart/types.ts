/**
 * Candle types shared by the server (candles endpoint) and the app (chart engine). Browser-safe.
 *
 * Prices are integers in the instrument's `priceScale` (docs/architecture.md "The money model": TSE stocks use 10, so
 * 23455 is ¥2,345.5). Indicator outputs are floats in the same scaled units: they are display
 * values, never money.
 */

/** One candle. `t` is the bar's start instant (UTC epoch ms); prices are scaled integers. */
export interface Bar {
  /** Start of the bar (UTC epoch ms). Aggregated bars start at their period's start (see aggregate.ts). */
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  /** Shares (or units) traded. */
  v: number;
  /**
   * Traded value (売買代金) in whole yen, when the feed gives it. Not scaled: a bar of 100 shares at
   * ¥2,345.5 (c = 23455 at priceScale 10) has turnover 234550.
   */
  turnover?: number;
}

/** The chart periods of the product spec: time-share, 5/15/30 minutes, day, week, month, 6-month, 1-year. */
export const CHART_PERIODS = ['timeshare', 'min5', 'min15', 'min30', 'day', 'week', 'month', 'halfyear', 'year'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Periods whose bars are intraday (built from 1-minute bars). */
export function isIntraday(period: ChartPeriod): boolean {
  return period === 'timeshare' || period === 'min5' || period === 'min15' || period === 'min30';
}

/** Asia/Tokyo is UTC+9 all year (Japan has no daylight saving time). */
export const JST_OFFSET_MS = 9 * 3_600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** Calendar fields of an instant in Asia/Tokyo (month 1–12, weekday 0 = Sunday). */
export function jstParts(t: number): { year: number; month: number; day: number; weekday: number; hour: number; minute: number } {
  const d = new Date(t + JST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  };
}

/** The JST calendar day number of an instant (days since 1970-01-01 in Tokyo). */
export function jstDayNumber(t: number): number {
  return Math.floor((t + JST_OFFSET_MS) / DAY_MS);
}

/** 00:00 JST of a calendar date (month 1–12), as UTC epoch ms. */
export function jstMidnight(year: number, month: number, day: number): number {
  return Date.UTC(year, month - 1, day) - JST_OFFSET_MS;
}
