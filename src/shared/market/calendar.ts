/**
 * The TSE trading calendar (docs/tse-rules.md "Sessions and calendar"): closed on Saturdays,
 * Sundays, Japanese national holidays including substitute holidays (振替休日) and citizens'
 * holidays (国民の休日), and 31 Dec – 3 Jan. Holidays come from @holiday-jp/holiday_jp, looked
 * up by date string (its Date-taking helpers read local time, so we never pass it a Date).
 * Its data runs to 2050; later years would see weekends and year end only.
 */
import holidayJp from '@holiday-jp/holiday_jp';
import { addDays, dayNumber, weekday, type IsoDate } from './jst';

const HOLIDAYS = holidayJp.holidays as Record<string, { name: string; name_en: string } | undefined>;

/** The holiday on `date` ({ name, nameEn }), or null. */
export function holidayOn(date: IsoDate): { name: string; nameEn: string } | null {
  const h = Object.prototype.hasOwnProperty.call(HOLIDAYS, date) ? HOLIDAYS[date] : undefined;
  return h ? { name: h.name, nameEn: h.name_en } : null;
}

/** 31 Dec – 3 Jan: the exchange's year-end and New Year closure (大納会 is on 30 Dec or before). */
export function isYearEndClosure(date: IsoDate): boolean {
  const md = date.slice(5);
  return md === '12-31' || md === '01-01' || md === '01-02' || md === '01-03';
}

export function isWeekend(date: IsoDate): boolean {
  const w = weekday(date);
  return w === 0 || w === 6;
}

// Memoised: a simulator asks about the same few thousand days over and over.
const tradingCache = new Map<IsoDate, boolean>();

/** True when the TSE trades on `date` (throws RangeError for a malformed date). */
export function isTradingDay(date: IsoDate): boolean {
  let v = tradingCache.get(date);
  if (v === undefined) {
    dayNumber(date); // validates
    v = !isWeekend(date) && !isYearEndClosure(date) && holidayOn(date) === null;
    if (tradingCache.size > 50_000) tradingCache.clear();
    tradingCache.set(date, v);
  }
  return v;
}

/** The first trading day strictly after `date`. */
export function nextTradingDay(date: IsoDate): IsoDate {
  let d = addDays(date, 1);
  while (!isTradingDay(d)) d = addDays(d, 1);
  return d;
}

/** The last trading day strictly before `date`. */
export function prevTradingDay(date: IsoDate): IsoDate {
  let d = addDays(date, -1);
  while (!isTradingDay(d)) d = addDays(d, -1);
  return d;
}

/** `date` itself when it is a trading day, else the next one (e.g. an order placed on a holiday). */
export function tradingDayOnOrAfter(date: IsoDate): IsoDate {
  return isTradingDay(date) ? date : nextTradingDay(date);
}

/** `date` itself when it is a trading day, else the previous one. */
export function tradingDayOnOrBefore(date: IsoDate): IsoDate {
  return isTradingDay(date) ? date : prevTradingDay(date);
}

/**
 * The n-th trading day after `date` (n < 0: before). `date` itself is not counted and need not be
 * a trading day; n = 0 returns `date` unchanged. Settlement: addTradingDays(tradeDate, 2) is T+2.
 */
export function addTradingDays(date: IsoDate, n: number): IsoDate {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer: ${n}`);
  let d = date;
  for (let i = 0; i < Math.abs(n); i++) d = n > 0 ? nextTradingDay(d) : prevTradingDay(d);
  return d;
}

/**
 * The signed number of trading-day steps from `from` to `to`: trading days d with from < d ≤ to,
 * or minus those with to ≤ d < from. So addTradingDays(from, tradingDaysBetween(from, to)) === to
 * whenever `to` is a trading day (and `from` need not be one).
 */
export function tradingDaysBetween(from: IsoDate, to: IsoDate): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  let count = 0;
  if (a < b) {
    for (let d = addDays(from, 1); dayNumber(d) <= b; d = addDays(d, 1)) if (isTradingDay(d)) count++;
    return count;
  }
  for (let d = to; dayNumber(d) < a; d = addDays(d, 1)) if (isTradingDay(d)) count++;
  return count === 0 ? 0 : -count; // never -0
}

/** Every trading day in [from, to], oldest first. */
export function tradingDaysInRange(from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  const end = dayNumber(to);
  for (let d = from; dayNumber(d) <= end; d = addDays(d, 1)) {
    if (isTradingDay(d)) out.push(d);
  }
  return out;
}
