/*
 * Market number formatting (pure; unit-tested in tests/unit/market-ui-format.test.ts).
 *
 * Prices arrive as integers in the instrument's `priceScale` (TSE stocks 10: 23455 is ¥2,345.5),
 * changes in basis points of the previous close, volumes in 1/qtyScale units, turnover and market
 * value in whole yen (src/shared/api/market.ts). Nothing here goes through money arithmetic: these
 * strings are display only.
 */

/** Rise, fall or unchanged: the colour class and the arrow of a change. */
export type Direction = 'rise' | 'fall' | 'flat';

export function direction(change: number | null | undefined): Direction {
  if (change == null || !Number.isFinite(change) || change === 0) return 'flat';
  return change > 0 ? 'rise' : 'fall';
}

/** The arrow that goes with a direction (so colour is never the only cue). */
export const ARROW: Record<Direction, string> = { rise: '▲', fall: '▼', flat: '' };

/** Decimal places of a power-of-ten price scale (10 → 1, 1000 → 3, 1 → 0). */
export function scaleDecimals(priceScale: number): number {
  return priceScale > 1 ? Math.round(Math.log10(priceScale)) : 0;
}

function group(int: string): string {
  return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A scaled integer as a grouped decimal with the scale's decimals: (23455, 10) → "2,345.5",
 * (156234, 1000) → "156.234". Exact for safe integers (no float division). '—' when absent.
 */
export function formatPrice(scaled: number | null | undefined, priceScale: number): string {
  if (scaled == null || !Number.isFinite(scaled)) return '—';
  const decimals = scaleDecimals(priceScale);
  const abs = Math.abs(Math.trunc(scaled));
  const digits = String(abs).padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : '';
  return `${scaled < 0 ? '−' : ''}${group(int)}${frac}`;
}

/** A signed price change: +12.5 / −3.0 / 0.0 (U+2212 minus, the typographic one). */
export function formatChange(scaled: number | null | undefined, priceScale: number): string {
  if (scaled == null || !Number.isFinite(scaled)) return '—';
  const body = formatPrice(Math.abs(scaled), priceScale);
  return scaled > 0 ? `+${body}` : scaled < 0 ? `−${body}` : body;
}

/** Basis points as a signed percentage with two decimals: 123 → "+1.23%", −5 → "−0.05%", 0 → "0.00%". */
export function formatPercent(bp: number | null | undefined, opts: { sign?: boolean } = {}): string {
  if (bp == null || !Number.isFinite(bp)) return '—';
  const abs = Math.abs(Math.round(bp));
  const int = Math.floor(abs / 100);
  const frac = String(abs % 100).padStart(2, '0');
  const body = `${group(String(int))}.${frac}%`;
  if (opts.sign === false) return bp < 0 ? `−${body}` : body;
  return bp > 0 ? `+${body}` : bp < 0 ? `−${body}` : body;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/**
 * A short amount in the reader's language: 12_340_000 → "1234万" (ja), "12.3M" (en). Large yen
 * figures (turnover, market value) and volumes read better this way on a 390 px screen.
 */
export function formatCompact(value: number | null | undefined, locale: string): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const key = locale || 'ja';
  let f = compactFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(key, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(key, f);
  }
  return f.format(value);
}

/** A volume in 1/qtyScale units as a number of shares / units (compact). */
export function formatVolume(volume: number | null | undefined, qtyScale: number, locale: string): string {
  if (volume == null || !Number.isFinite(volume)) return '—';
  return formatCompact(qtyScale > 1 ? volume / qtyScale : volume, locale);
}

/** Whole yen, compact, with the yen sign: 1_234_567_890 → "¥12.3億" (ja). */
export function formatYenCompact(yen: number | null | undefined, locale: string): string {
  if (yen == null || !Number.isFinite(yen)) return '—';
  const sign = yen < 0 ? '−' : '';
  return `${sign}¥${formatCompact(Math.abs(yen), locale)}`;
}

/** A ×100 multiple (PER, PBR, margin ratio): 1523 → "15.23倍"-ready "15.23". */
export function formatX100(x100: number | null | undefined): string {
  if (x100 == null || !Number.isFinite(x100)) return '—';
  return formatPercent(x100, { sign: false }).replace('%', '');
}

/** Whole numbers with separators (shares, employees). */
export function formatInt(n: number | null | undefined): string {
  if (n == null || !Number.isFinite(n)) return '—';
  const neg = n < 0;
  return `${neg ? '−' : ''}${group(String(Math.abs(Math.round(n))))}`;
}
