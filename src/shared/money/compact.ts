import { groupDigits, MINUS, NONE } from './format';

/*
 * Short amounts in the reader's language: 12_340_000 → "1234万" (ja), "12.3M" (en). Large yen
 * figures (turnover, market value), volumes and chart axis ticks read better this way on a 390 px
 * screen.
 *
 * The answer is Intl's compact notation (maximumFractionDigits 1) in our four languages, worked out
 * here instead of asked of Intl: the first compact Intl.NumberFormat loads ICU's compact data, a
 * 21 ms task (84 ms at Lighthouse's 4× CPU) in the first render of the stock detail and the market
 * list (docs/decisions/020-first-load-and-prerender.md). A unit test holds every language to Intl's
 * own answer; a number this does not cover (exponent notation, an unknown language) still asks Intl.
 *
 * How Intl does it (ICU): the unit is chosen by the number's magnitude, the number divided by it and
 * rounded half away from zero to one decimal on its shortest decimal form (String(x)), the unit chosen
 * again if rounding carried into the next one (999_950 → "1M", 9_999.96 → "1万"), the fraction dropped
 * when it is 0, and the integer grouped by threes only from five digits on ("1000兆", "10,000京").
 */

/** Each language's compact units: [power of ten, suffix], smallest first (CLDR short patterns). */
const UNITS: Record<string, readonly (readonly [number, string])[]> = {
  ja: [[4, '万'], [8, '億'], [12, '兆'], [16, '京']],
  en: [[3, 'K'], [6, 'M'], [9, 'B'], [12, 'T']],
  'zh-Hant': [[4, '萬'], [8, '億'], [12, '兆']],
  ko: [[3, '천'], [4, '만'], [8, '억'], [12, '조']],
};

const intlFormats = new Map<string, Intl.NumberFormat>();

function viaIntl(value: number, locale: string): string {
  let f = intlFormats.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
    intlFormats.set(locale, f);
  }
  return f.format(value);
}

/** `digits` (a non-negative decimal without exponent) ÷ 10^shift, in tenths, rounded half up. */
function tenths(digits: string, shift: number): bigint {
  const [int = '0', frac = ''] = digits.split('.');
  const all = int + frac; // the number × 10^frac.length
  const point = int.length - shift; // where the decimal point falls in `all`
  const padded = point < 1 ? '0'.repeat(1 - point) + all : all;
  const at = Math.max(point, 1);
  const kept = (padded.slice(0, at + 1) + '0').slice(0, at + 1); // integer digits and one decimal
  const up = (padded[at + 1] ?? '0') >= '5';
  return BigInt(kept) + (up ? 1n : 0n);
}

/** Compact notation groups only from five digits on ("1000兆", "10,000京"). */
function grouped(int: bigint): string {
  const s = int.toString();
  return s.length < 5 ? s : groupDigits(s);
}

/** A short number in `locale`: 12_340_000 → "1234万" (ja), "12.3M" (en). */
export function formatCompact(value: number | null | undefined, locale: string): string {
  if (value == null || !Number.isFinite(value)) return NONE;
  const key = locale || 'ja';
  const abs = Math.abs(value);
  const digits = String(abs);
  const units = UNITS[key];
  const text = units && !digits.includes('e') ? compact(digits, abs, units) : viaIntl(abs, key);
  return value < 0 && /[1-9]/.test(text) ? MINUS + text : text;
}

function compact(digits: string, abs: number, units: readonly (readonly [number, string])[]): string {
  // The largest unit the number reaches (-1: none), then again if rounding carried past the next.
  let u = -1;
  while (u + 1 < units.length && abs >= 10 ** units[u + 1]![0]) u++;
  let t = tenths(digits, u < 0 ? 0 : units[u]![0]);
  while (u + 1 < units.length) {
    const next = units[u + 1]![0];
    const here = u < 0 ? 0 : units[u]![0];
    if (t < 10n ** BigInt(next - here + 1)) break;
    u++;
    t = tenths(digits, units[u]![0]);
  }
  const int = t / 10n;
  const frac = t % 10n;
  return `${grouped(int)}${frac === 0n ? '' : `.${frac}`}${u < 0 ? '' : units[u]![1]}`;
}

/** A volume in 1/qtyScale units as a number of shares / units, compact. */
export function formatVolume(volume: number | null | undefined, qtyScale: number, locale: string): string {
  if (volume == null || !Number.isFinite(volume)) return NONE;
  return formatCompact(qtyScale > 1 ? volume / qtyScale : volume, locale);
}

/** Whole yen, compact, with the yen sign: 1_234_567_890 → "¥12.3億" (ja), −5_000 → "−¥5K" (en). */
export function formatYenCompact(yen: number | null | undefined, locale: string): string {
  if (yen == null || !Number.isFinite(yen)) return NONE;
  return `${yen < 0 ? MINUS : ''}¥${formatCompact(Math.abs(yen), locale)}`;
}
