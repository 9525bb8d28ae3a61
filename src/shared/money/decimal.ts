/**
 * Exact conversions between decimal strings and scaled integers. Money never passes through a
 * float: strings are split into digits and combined with BigInt (browser-safe, ES2020).
 */

/** Bad money input or an out-of-range result. Callers at the edge turn it into `invalid`. */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Throws unless `value` is a safe integer (docs/architecture.md "The money model": every amount is one). */
export function assertSafeInteger(value: unknown, what = 'amount'): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new MoneyError(`${what} is not a safe integer: ${String(value)}`);
  }
}

/** A BigInt result back to a number, refusing anything outside the safe range; never -0. */
export function toSafeNumber(value: bigint, what = 'amount'): number {
  if (value > MAX || value < -MAX) throw new MoneyError(`${what} out of safe integer range: ${value}`);
  return value === 0n ? 0 : Number(value);
}

// Strict on purpose: optional sign, digits, optional fraction. No grouping, exponent or bare dot;
// form inputs normalise before calling (an API must not guess what "1,234" means).
const DECIMAL = /^([+-])?(\d+)(?:\.(\d+))?$/;

/**
 * Parses "1234.5" with `decimals` places into the scaled integer 12345 (decimals = 1).
 * Extra fraction digits are accepted only when they are zeros ("100.00" is 100 yen); anything
 * that would need rounding is refused, because rounding input silently changes money.
 */
export function parseDecimal(text: string, decimals: number): number {
  const m = DECIMAL.exec(text.trim());
  if (!m) throw new MoneyError(`not a decimal number: ${JSON.stringify(text)}`);
  const [, sign, int = '', frac = ''] = m;
  const kept = frac.slice(0, decimals);
  if (/[^0]/.test(frac.slice(decimals))) {
    throw new MoneyError(`more than ${decimals} decimal places: ${JSON.stringify(text)}`);
  }
  const magnitude = BigInt(int + kept.padEnd(decimals, '0'));
  return toSafeNumber(sign === '-' ? -magnitude : magnitude);
}

/** The scaled integer as a plain decimal string with exactly `decimals` places ("-0.05"). */
export function formatDecimal(value: number, decimals: number, opts: { group?: boolean } = {}): string {
  assertSafeInteger(value);
  const digits = String(Math.abs(value)).padStart(decimals + 1, '0');
  let int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  if (opts.group) int = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (value < 0 ? '-' : '') + int + (decimals > 0 ? `.${frac}` : '');
}

/**
 * A non-negative rate as an exact fraction num/den. Accepts decimal strings ("0.0003") and numbers;
 * a number is read through its shortest round-trip text (0.1 → "0.1"), which is the decimal its
 * author wrote, so config rates like 0.0003 stay exact. Exponent forms ("1e-7") are accepted here.
 */
export function parseRate(rate: string | number): { num: bigint; den: bigint } {
  if (typeof rate === 'number' && !Number.isFinite(rate)) throw new MoneyError(`rate is not finite: ${rate}`);
  const text = String(rate).trim();
  const m = /^\+?(\d+)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(text);
  if (!m) throw new MoneyError(`not a non-negative rate: ${JSON.stringify(text)}`);
  const [, int = '', frac = '', exp = '0'] = m;
  const shift = Number(exp) - frac.length;
  if (Math.abs(shift) > 60) throw new MoneyError(`rate exponent out of range: ${text}`);
  const digits = BigInt(int + frac);
  return shift >= 0 ? { num: digits * 10n ** BigInt(shift), den: 1n } : { num: digits, den: 10n ** BigInt(-shift) };
}
