/**
 * Display formatting (spec §9, DESIGN.md §8): thousands separators, the currency's symbol
 * (¥ by default) and dates as `Y.M.D h:m:s` in Asia/Tokyo. Amounts arrive as integers in the
 * currency's minor unit (DESIGN.md §6.3), so JPY 1234 is ¥1,234 and USD 12345 is $123.45.
 */

import { formatMoney as formatMinor, isCurrency, HOME_CURRENCY } from '../../shared/money';

/** Group an integer string's digits in threes: "1234567" → "1,234,567". */
function group(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A number with thousands separators. Integers stay exact; fractions keep the digits they have,
 * up to `maxDecimals`.
 */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return '—';
  const negative = value < 0;
  const abs = Math.abs(value);
  const fixed = Number.isInteger(abs) ? abs.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 }) : abs.toFixed(maxDecimals).replace(/\.?0+$/, '');
  const [int = '0', frac] = fixed.split('.');
  const out = frac ? `${group(int)}.${frac}` : group(int);
  return negative ? `-${out}` : out;
}

/**
 * Money from an integer amount in minor units (src/shared/money): formatMoney(1234) → "¥1,234",
 * formatMoney(12345, 'USD') → "$123.45". An unknown currency falls back to the yen; a value that
 * is not a safe integer is shown as a plain number rather than throwing inside a toast.
 */
export function formatMoney(minor: number, currency?: string): string {
  const code = currency && isCurrency(currency.toUpperCase()) ? (currency.toUpperCase() as Parameters<typeof formatMinor>[1]) : HOME_CURRENCY;
  if (!Number.isSafeInteger(minor)) return formatNumber(minor);
  return formatMinor(minor, code);
}

const tokyoParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function parts(ms: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of tokyoParts.formatToParts(new Date(ms))) out[p.type] = p.value;
  return out;
}

/** `Y.M.D h:m:s` in Asia/Tokyo, zero-padded: 2026.01.05 09:03:07. */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const p = parts(ms);
  return `${p.year}.${p.month}.${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** `Y.M.D` in Asia/Tokyo. */
export function formatDate(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const p = parts(ms);
  return `${p.year}.${p.month}.${p.day}`;
}

/** `h:m` in Asia/Tokyo. */
export function formatTime(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const p = parts(ms);
  return `${p.hour}:${p.minute}`;
}

/** Mask a phone number for headers: 09011112222 → 090****2222. */
export function maskPhone(phone: string): string {
  if (phone.length < 8) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(Math.max(0, phone.length - 7))}${phone.slice(-4)}`;
}
