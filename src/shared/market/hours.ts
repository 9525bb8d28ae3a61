/**
 * Trading hours of the non-TSE boards (docs/domain.md market boards).
 *
 * - Crypto vs JPY trades 24/7; its "day" (for daily bars and change) is the Tokyo calendar date.
 * - FX trades on weekdays, Monday 7:00 to Saturday 6:00 JST, with a daily 6:00–7:00 pause as
 *   Japanese retail FX dealers have (the global market's hours shift by an hour with US daylight
 *   saving; we keep the winter hours all year). Japanese holidays do not close FX. An FX day is
 *   the weekday D whose session runs from D 7:00 to D+1 6:00.
 */
import { addDays, jstDate, jstMs, jstMsOfDay, MINUTE_MS, weekday, type IsoDate } from './jst';

export const FX_DAY_START_MINUTE = 7 * 60;
export const FX_DAY_END_MINUTE = 6 * 60; // on the next calendar day
/** 23 hours of 1-minute bars per FX day. */
export const FX_MINUTES_PER_DAY = 24 * 60 - (FX_DAY_START_MINUTE - FX_DAY_END_MINUTE);
export const CRYPTO_MINUTES_PER_DAY = 24 * 60;

export function isFxDay(date: IsoDate): boolean {
  const w = weekday(date);
  return w >= 1 && w <= 5;
}

/** The FX day an instant belongs to, or null in the daily pause and at weekends. */
export function fxDayOf(ms: number): IsoDate | null {
  const date = jstDate(ms);
  const minute = jstMsOfDay(ms) / MINUTE_MS;
  if (minute >= FX_DAY_START_MINUTE) return isFxDay(date) ? date : null;
  if (minute < FX_DAY_END_MINUTE) {
    const prev = addDays(date, -1);
    return isFxDay(prev) ? prev : null;
  }
  return null;
}

export function fxIsOpen(ms: number): boolean {
  return fxDayOf(ms) !== null;
}

/** Crypto never closes. */
export function cryptoIsOpen(_ms: number): boolean {
  return true;
}

/** First instant of an FX day's session (D 7:00 JST). */
export function fxDayStart(date: IsoDate): number {
  return jstMs(date, 0, FX_DAY_START_MINUTE);
}

/** First instant of a crypto day (Tokyo midnight). */
export function cryptoDayStart(date: IsoDate): number {
  return jstMs(date, 0, 0);
}
