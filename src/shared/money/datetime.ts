import { NONE } from './format';

/*
 * Dates and times as the app shows them everywhere: `Y.M.D h:m:s` in Asia/Tokyo, zero-padded
 * (2026.01.05 09:03:07), whatever the device's time zone.
 */

// Made on first use, not when the module loads: the first Asia/Tokyo formatter loads the time-zone
// data, a long task on a phone, and screens that import this module without showing a date (the
// login form) should not pay for it at boot (docs/decisions/020-first-load-and-prerender.md).
let tokyoParts: Intl.DateTimeFormat | undefined;

function parts(ms: number): Record<string, string> {
  tokyoParts ??= new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const out: Record<string, string> = {};
  for (const p of tokyoParts.formatToParts(new Date(ms))) out[p.type] = p.value;
  return out;
}

/** `Y.M.D h:m:s` in Asia/Tokyo: 2026.01.05 09:03:07. */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return NONE;
  const p = parts(ms);
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`;
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

/** An ISO calendar date as the app writes dates: "2026-11-24" → "2026.11.24". */
export function formatIsoDate(d: string): string {
  return d.replaceAll('-', '.');
}
