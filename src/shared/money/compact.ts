import { MINUS, NONE } from './format';

/*
 * Short amounts in the reader's language (Intl, so they depend on the locale): 12_340_000 →
 * "1234万" (ja), "12.3M" (en). Large yen figures (turnover, market value), volumes and chart axis
 * ticks read better this way on a 390 px screen.
 */

const compactFormats = new Map<string, Intl.NumberFormat>();

/** A short number in `locale`: 12_340_000 → "1234万" (ja), "12.3M" (en). */
export function formatCompact(value: number | null | undefined, locale: string): string {
  if (value == null || !Number.isFinite(value)) return NONE;
  const key = locale || 'ja';
  let f = compactFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(key, { notation: 'compact', maximumFractionDigits: 1 });
    compactFormats.set(key, f);
  }
  const text = f.format(Math.abs(value));
  return value < 0 && /[1-9]/.test(text) ? MINUS + text : text;
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
