import { CURRENCIES, HOME_CURRENCY, currencyDecimals, isCurrency, type Currency } from './currency';
import { formatDecimal, MoneyError, parseDecimal } from './decimal';

/*
 * The one home of display formatting (docs/architecture.md, "The money model"): money, prices, changes,
 * percentages, plain numbers. Browser and server alike; display only — never parse these strings
 * back. Negative amounts, changes and percentages use one minus sign, U+2212 (−); wire formats
 * (`fromMinor`, `formatDecimal`) keep the ASCII hyphen. Absent values (null, undefined, NaN) show '—'.
 */

/** The minus sign of every displayed negative number (U+2212). */
export const MINUS = '\u2212';
/** What an absent value shows. */
export const NONE = '—';

/** "1234.5" USD → 123450 (cents). Exact; see `parseDecimal` for what is accepted. */
export function toMinor(text: string, currency: Currency): number {
  return parseDecimal(text, currencyDecimals(currency));
}

/**
 * What a user typed in an amount field ("1000" yen, "25.50" USDT) in the currency's minor unit, or
 * null when it is empty, not a number with at most the currency's decimals, or not positive.
 */
export function typedAmount(text: string, currency: Currency): number | null {
  const t = text.trim().replace(/,/g, '');
  if (!t) return null;
  try {
    const v = toMinor(t, currency);
    return v > 0 ? v : null;
  } catch (e) {
    if (e instanceof MoneyError) return null;
    throw e;
  }
}

/** 123450 USD → "1234.50": plain, ungrouped, for inputs and wire formats. */
export function fromMinor(minor: number, currency: Currency): string {
  return formatDecimal(minor, currencyDecimals(currency));
}

/** Group an integer's digits in threes: "1234567" → "1,234,567". */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function isPresent(v: number | null | undefined): v is number {
  return v != null && Number.isFinite(v);
}

/**
 * A number with thousands separators. Integers stay exact; fractions keep the digits they have,
 * up to `maxDecimals`: 1234.5 → "1,234.5", -1234567 → "−1,234,567".
 */
export function formatNumber(value: number, maxDecimals = 2): string {
  if (!Number.isFinite(value)) return NONE;
  const abs = Math.abs(value);
  // An integer's own digits (String writes no exponent below 1e21); Intl only past that. A
  // toLocaleString with options builds a new NumberFormat on every call, and lists call this for
  // every cell (docs/decisions/020-first-load-and-prerender.md).
  const fixed = Number.isInteger(abs)
    ? abs < 1e21
      ? String(abs)
      : abs.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 0 })
    : abs.toFixed(maxDecimals).replace(/\.?0+$/, '');
  const [int = '0', frac] = fixed.split('.');
  const out = frac ? `${groupDigits(int)}.${frac}` : groupDigits(int);
  return value < 0 && /[1-9]/.test(fixed) ? MINUS + out : out;
}

/** Whole numbers with separators (shares, employees, volumes in full): 1234 → "1,234". */
export function formatInt(n: number | null | undefined): string {
  if (!isPresent(n)) return NONE;
  const rounded = Math.round(n);
  return `${rounded < 0 ? MINUS : ''}${groupDigits(String(Math.abs(rounded)))}`;
}

/** A float with a fixed number of decimals, no grouping (indicator values): −0.5234 → "−0.52". */
export function formatFixed(v: number | null | undefined, decimals = 2): string {
  if (!isPresent(v)) return NONE;
  const fixed = Math.abs(v).toFixed(decimals);
  return v < 0 && /[1-9]/.test(fixed) ? MINUS + fixed : fixed;
}

export interface FormatMoneyOptions {
  /** true (default): the currency's symbol; false: none; a string: that instead. */
  symbol?: boolean | string;
  /** 'auto' (default): minus only; 'always': also a plus for positive amounts (ledger records). */
  sign?: 'auto' | 'always';
}

/** A currency code as given (any case); an unknown one falls back to the home currency. */
export function currencyOf(code: string | null | undefined): Currency {
  const upper = code?.toUpperCase();
  return isCurrency(upper) ? upper : HOME_CURRENCY;
}

/**
 * Money from an integer amount in the currency's minor unit: 1234567 → "¥1,234,567",
 * -5 USD → "−$0.05", 12345 "usd" → "$123.45". An unknown currency falls back to the yen; a value
 * that is not a safe integer is shown as a plain number rather than throwing inside a toast.
 */
export function formatMoney(minor: number, currency: Currency | (string & {}) = HOME_CURRENCY, opts: FormatMoneyOptions = {}): string {
  if (!Number.isSafeInteger(minor)) return formatNumber(minor);
  const code = currencyOf(currency);
  const symbol = opts.symbol === false ? '' : typeof opts.symbol === 'string' ? opts.symbol : CURRENCIES[code].symbol;
  const body = formatDecimal(Math.abs(minor), currencyDecimals(code), { group: true });
  const sign = minor < 0 ? MINUS : minor > 0 && opts.sign === 'always' ? '+' : '';
  return sign + symbol + body;
}

// --- prices ---------------------------------------------------------------------------------------
//
// Prices arrive as integers in the instrument's `priceScale` (TSE stocks 10: 23455 is ¥2,345.5);
// indicator values may be floats in the same units.

/** Decimal places of a power-of-ten price scale (10 → 1, 1000 → 3, 1 → 0). Never throws. */
export function scaleDecimals(priceScale: number): number {
  return priceScale > 1 ? Math.round(Math.log10(priceScale)) : 0;
}

/**
 * The decimals prices show: the scale's decimals when any value has a fraction of the unit, none
 * otherwise — the instrument's tick decides (¥2,345.5, but ¥41,990: a whole yen on a 0.1-yen scale
 * shows no decimals). For one price or a whole series (chart axes).
 */
export function priceDecimals(values: ArrayLike<number>, priceScale: number): number {
  if (priceScale <= 1) return 0;
  for (let i = 0; i < values.length; i++) if (values[i]! % priceScale !== 0) return scaleDecimals(priceScale);
  return 0;
}

/**
 * A scaled price with separators and `decimals` places (default: the scale's): (23455, 10) →
 * "2,345.5", (23450, 10) → "2,345.0", (23450, 10, 0) → "2,345". Exact for safe integers (no float
 * division); floats (indicator values) are rounded to `decimals`.
 */
export function formatPrice(scaled: number | null | undefined, priceScale: number, decimals = scaleDecimals(priceScale)): string {
  if (!isPresent(scaled)) return NONE;
  const own = scaleDecimals(priceScale);
  let digits: string;
  if (Number.isSafeInteger(scaled) && decimals >= own) {
    const padded = String(Math.abs(scaled)).padStart(own + 1, '0');
    const int = padded.slice(0, padded.length - own);
    const frac = padded.slice(padded.length - own).padEnd(decimals, '0');
    digits = decimals > 0 ? `${int}.${frac}` : int;
  } else {
    digits = (Math.abs(scaled) / priceScale).toFixed(decimals);
  }
  const [int = '0', frac] = digits.split('.');
  const body = frac ? `${groupDigits(int)}.${frac}` : groupDigits(int);
  return scaled < 0 && /[1-9]/.test(digits) ? MINUS + body : body;
}

/** A scaled integer as a grouped decimal with exactly `decimals` places: (23455, 1) → "2,345.5". */
export function formatScaled(value: number, decimals: number): string {
  const text = formatDecimal(Math.abs(value), decimals, { group: true });
  return value < 0 ? MINUS + text : text;
}

/** A price as screens show it: decimals only where the tick has them (23455 → "2,345.5", 419900 → "41,990"). */
export function formatTickPrice(scaled: number | null | undefined, priceScale: number): string {
  if (!isPresent(scaled)) return NONE;
  return formatPrice(scaled, priceScale, priceDecimals([scaled], priceScale));
}

/** A price with its currency's symbol, decimals only where the tick has them: "¥2,345.5", "¥41,990". */
export function formatPriceYen(price: number | null | undefined, priceScale: number, currency = 'JPY'): string {
  if (price === null || price === undefined || !Number.isSafeInteger(price)) return NONE;
  const sym = currencyOf(currency) === 'JPY' ? CURRENCIES.JPY.symbol : '';
  const text = formatTickPrice(price, priceScale);
  return text.startsWith(MINUS) ? MINUS + sym + text.slice(1) : sym + text;
}

/** A signed price change with the scale's decimals: +12.5 / −3.0 / 0.0. */
export function formatChange(scaled: number | null | undefined, priceScale: number): string {
  if (!isPresent(scaled)) return NONE;
  const body = formatPrice(Math.abs(scaled), priceScale);
  return scaled > 0 ? `+${body}` : scaled < 0 ? `${MINUS}${body}` : body;
}

// --- percentages and ratios -------------------------------------------------------------------------

/**
 * Basis points as a percentage with two decimals: 123 → "+1.23%", −5 → "−0.05%", 0 → "0.00%";
 * `sign: false` drops the plus (a level, not a change): 250 → "2.50%".
 */
export function formatPercent(bp: number | null | undefined, opts: { sign?: boolean } = {}): string {
  if (!isPresent(bp)) return NONE;
  const abs = Math.abs(Math.round(bp));
  const body = `${groupDigits(String(Math.floor(abs / 100)))}.${String(abs % 100).padStart(2, '0')}%`;
  if (bp < 0 && abs !== 0) return MINUS + body;
  return bp > 0 && opts.sign !== false ? `+${body}` : body;
}

/** A ×100 multiple (PER, PBR, margin ratio): 1523 → "15.23". */
export function formatX100(x100: number | null | undefined): string {
  if (!isPresent(x100)) return NONE;
  return formatPercent(x100, { sign: false }).replace('%', '');
}

/** Leverage in tenths-exact text: 1 → "1×", 3.3 → "3.3×". */
export function formatLeverage(leverage: number): string {
  const tenths = Math.round(leverage * 10);
  if (!Number.isFinite(leverage) || Math.abs(leverage * 10 - tenths) > 1e-9) return `${leverage}×`;
  return `${tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1)}×`;
}

// --- direction --------------------------------------------------------------------------------------

/** Rise, fall or unchanged: the colour class and the arrow of a change. */
export type Direction = 'rise' | 'fall' | 'flat';

export function direction(change: number | null | undefined): Direction {
  if (!isPresent(change) || change === 0) return 'flat';
  return change > 0 ? 'rise' : 'fall';
}

/** The arrow that goes with a direction (so colour is never the only cue). */
export const ARROW: Record<Direction, string> = { rise: '▲', fall: '▼', flat: '' };
