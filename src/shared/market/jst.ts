/**
 * Asia/Tokyo wall-clock arithmetic on epoch milliseconds. Japan has no daylight saving, so JST is
 * always UTC+9: shift by nine hours and read the UTC fields. Never the Date local-time methods,
 * whose answer depends on the machine's time zone.
 */

export const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;

/** A calendar date in Tokyo, "YYYY-MM-DD". */
export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 for a valid ISO date; throws RangeError otherwise. */
export function dayNumber(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) throw new RangeError(`not an ISO date: ${JSON.stringify(date)}`);
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`no such date: ${date}`);
  }
  return Math.round(ms / DAY_MS);
}

/** The ISO date of a day number. */
export function fromDayNumber(n: number): IsoDate {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

/** Calendar days later (negative: earlier). */
export function addDays(date: IsoDate, n: number): IsoDate {
  return fromDayNumber(dayNumber(date) + n);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(date: IsoDate): number {
  return (((dayNumber(date) + 4) % 7) + 7) % 7;
}

/** The Tokyo calendar date of an instant. */
export function jstDate(ms: number): IsoDate {
  return fromDayNumber(Math.floor((ms + JST_OFFSET_MS) / DAY_MS));
}

/** The Tokyo calendar year of an instant (NISA's yearly room, the 源泉徴収 choice's year). */
export function jstYear(ms: number): number {
  return Number(jstDate(ms).slice(0, 4));
}

/** Milliseconds since Tokyo midnight of an instant (0 … 86,399,999). */
export function jstMsOfDay(ms: number): number {
  const shifted = ms + JST_OFFSET_MS;
  return ((shifted % DAY_MS) + DAY_MS) % DAY_MS;
}

/** Minutes since Tokyo midnight, rounded down. */
export function jstMinuteOfDay(ms: number): number {
  return Math.floor(jstMsOfDay(ms) / MINUTE_MS);
}

/** The instant of a Tokyo wall-clock time on `date` (minutes may exceed a day: 24:00 is next day). */
export function jstMs(date: IsoDate, hour: number, minute = 0, second = 0): number {
  return dayNumber(date) * DAY_MS - JST_OFFSET_MS + ((hour * 60 + minute) * 60 + second) * 1000;
}

/** Year and month (1–12) of an ISO date, and a running month index (year × 12 + month − 1). */
export function monthOf(date: IsoDate): { year: number; month: number; index: number } {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  return { year, month, index: year * 12 + month - 1 };
}

/** The first ISO date of a running month index. */
export function monthStart(index: number): IsoDate {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}
