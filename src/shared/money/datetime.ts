import { JST_OFFSET_MS } from '../market/jst';
import { NONE } from './format';

/*
 * Dates and times as the app shows them everywhere: `Y.M.D h:m:s` in Asia/Tokyo, zero-padded
 * (2026.01.05 09:03:07), whatever the device's time zone.
 */

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The Tokyo wall-clock fields of an instant, by shifting it nine hours and reading the UTC fields
 * (Japan has had no daylight saving time since 1951: jst.ts), never Intl: the first Asia/Tokyo
 * Intl.DateTimeFormat loads the time-zone data, which was a 36 ms task (146 ms at Lighthouse's 4×
 * CPU) in the stock detail's first render (docs/decisions/020-first-load-and-prerender.md). A unit
 * test holds it to Intl's answer over a century of instants.
 */
function parts(ms: number): { year: string; month: string; day: string; hour: string; minute: string; second: string } {
  const d = new Date(ms + JST_OFFSET_MS);
  return {
    year: String(d.getUTCFullYear()),
    month: pad2(d.getUTCMonth() + 1),
    day: pad2(d.getUTCDate()),
    hour: pad2(d.getUTCHours()),
    minute: pad2(d.getUTCMinutes()),
    second: pad2(d.getUTCSeconds()),
  };
}

/** `Y.M.D h:m:s` in Asia/Tokyo: 2026.01.05 09:03:07. */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return NONE;
  const p = parts(ms);
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `Y.M.D h:m` in Asia/Tokyo (an instant given to the minute, e.g. when a hold ends): 2026.01.05 09:03. */
export function formatDateTimeMinute(ms: number): string {
  if (!Number.isFinite(ms)) return NONE;
  const p = parts(ms);
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}`;
}

/** `Y.M.D` in Asia/Tokyo. */
export function formatDate(ms: number): string {
  if (!Number.isFinite(ms)) return NONE;
  const p = parts(ms);
  return `${p.year}.${p.month}.${p.day}`;
}

/** `Y.M` in Asia/Tokyo (a month, e.g. a monthly chart bar): 2026.01. */
export function formatYearMonth(ms: number): string {
  if (!Number.isFinite(ms)) return NONE;
  const p = parts(ms);
  return `${p.year}.${p.month}`;
}

/** `h:m` in Asia/Tokyo. */
export function formatTime(ms: number): string {
  if (!Number.isFinite(ms)) return NONE;
  const p = parts(ms);
  return `${p.hour}:${p.minute}`;
}

const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A month's name as Intl's `{ month: 'long' }` writes it in the app's languages (3 → 3月, March,
 * 3月, 3월), without Intl: the first DateTimeFormat of a page loads ICU's locale data, most of a
 * 130 ms task (4× CPU) in the stock detail's company profile (docs/decisions/020-first-load-and-prerender.md,
 * follow-up "compile hints, and uPlot's Intl").
 * A unit test holds it to Intl's answer; another language still asks Intl.
 */
export function formatMonthName(month: number, locale: string): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) return NONE;
  const lang = locale.toLowerCase();
  if (lang === 'ja' || lang === 'zh' || lang.startsWith('zh-')) return `${month}月`;
  if (lang === 'ko') return `${month}월`;
  if (lang === 'en' || lang.startsWith('en-')) return EN_MONTHS[month - 1]!;
  return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));
}

/** An ISO calendar date as the app writes dates: "2026-11-24" → "2026.11.24". */
export function formatIsoDate(d: string): string {
  return d.replaceAll('-', '.');
}
