import { jstParts, type ChartPeriod } from '../../../shared/chart';
import { formatNumber } from '../../i18n/format';

/*
 * Chart labels. Prices arrive as scaled integers (DESIGN.md §6.3); indicator values as floats in
 * the same units. Times are shown in Asia/Tokyo.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Decimal places of a price scale (10 → 1, 100 → 2, 1 → 0). */
export function scaleDecimals(priceScale: number): number {
  return Math.max(0, Math.round(Math.log10(priceScale)));
}

/**
 * How many decimals to show for this series' prices: the scale's decimals when any price has a
 * fraction of the unit, otherwise none (a stock that only ever trades on whole yen shows "2,345",
 * one on 0.1-yen ticks "523.4").
 */
export function priceDecimals(values: ArrayLike<number>, priceScale: number): number {
  if (priceScale <= 1) return 0;
  for (let i = 0; i < values.length; i++) if (values[i]! % priceScale !== 0) return scaleDecimals(priceScale);
  return 0;
}

/** A scaled price with a fixed number of decimals and thousands separators: 23455 → "2,345.5". */
export function formatPrice(scaled: number | null | undefined, priceScale: number, decimals: number): string {
  if (scaled == null || !Number.isFinite(scaled)) return '—';
  const fixed = (scaled / priceScale).toFixed(decimals);
  const [int = '0', frac] = fixed.replace('-', '').split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${scaled < 0 && /[1-9]/.test(fixed) ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** A plain indicator value (KDJ, RSI) with two decimals. */
export function formatValue(v: number | null | undefined, decimals = 2): string {
  return v == null || !Number.isFinite(v) ? '—' : v.toFixed(decimals);
}

/** A volume in full with separators (legend). */
export function formatVolume(v: number | null | undefined): string {
  return v == null || !Number.isFinite(v) ? '—' : formatNumber(Math.round(v), 0);
}

const compactCache = new Map<string, Intl.NumberFormat>();

/** A short volume for axis ticks in the reader's language: 1200000 → "120万" (ja), "1.2M" (en). */
export function formatCompact(v: number, locale: string): string {
  let f = compactCache.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale || 'ja', { notation: 'compact', maximumFractionDigits: 1 });
    compactCache.set(locale, f);
  }
  return f.format(v);
}

/** The legend's time of a bar: "2026.01.05 09:35" intraday, "2026.01.05" daily/weekly, "2026.01" monthly, "2026" yearly. */
export function formatBarTime(t: number, period: ChartPeriod): string {
  const p = jstParts(t);
  const date = `${p.year}.${pad(p.month)}.${pad(p.day)}`;
  switch (period) {
    case 'timeshare':
      return `${pad(p.hour)}:${pad(p.minute)}`;
    case 'min5':
    case 'min15':
    case 'min30':
      return `${date} ${pad(p.hour)}:${pad(p.minute)}`;
    case 'day':
    case 'week':
      return date;
    case 'month':
    case 'halfyear':
      return `${p.year}.${pad(p.month)}`;
    case 'year':
      return String(p.year);
  }
}

/**
 * An x-axis tick label. `prev` is the previous tick's bar time (null for the first): time-share
 * ticks show the time; 5/15/30-minute ticks the time, or the date where the day changes; daily and weekly ticks show month/day with the
 * year where it changes; longer periods show year/month or the year.
 */
export function formatAxisTime(t: number, prev: number | null, period: ChartPeriod): string {
  const p = jstParts(t);
  const q = prev === null ? null : jstParts(prev);
  switch (period) {
    case 'timeshare':
      return `${pad(p.hour)}:${pad(p.minute)}`;
    case 'min5':
    case 'min15':
    case 'min30':
      return q && q.day === p.day && q.month === p.month ? `${pad(p.hour)}:${pad(p.minute)}` : `${p.month}/${p.day}`;
    case 'day':
    case 'week':
      return q && q.year === p.year ? `${p.month}/${p.day}` : `${p.year}/${p.month}/${p.day}`;
    case 'month':
    case 'halfyear':
      return `${p.year}/${p.month}`;
    case 'year':
      return String(p.year);
  }
}
