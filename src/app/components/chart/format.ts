import { jstParts, type ChartPeriod } from '../../../shared/chart';
import { formatDate, formatTime, formatYearMonth } from '../../../shared/money';

/*
 * Chart time labels, in Asia/Tokyo and the app's date style (Y.M.D, h:m). Prices, volumes and
 * indicator values are formatted by src/shared/money (formatPrice with the series' decimals,
 * formatCompact, formatInt, formatFixed).
 */

const pad = (n: number) => String(n).padStart(2, '0');

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
 * An x-axis tick label, in the app's date style (docs/product.md: dates as `Y.M.D h:m:s`,
 * chart axes too; formatted by src/shared/money). `prev` is the previous tick's bar time (null for
 * the first): time-share ticks show h:m; 5/15/30-minute ticks h:m, or Y.M.D where the day changes;
 * daily and weekly ticks Y.M.D; monthly and half-yearly Y.M; yearly Y.
 */
export function formatAxisTime(t: number, prev: number | null, period: ChartPeriod): string {
  switch (period) {
    case 'timeshare':
      return formatTime(t);
    case 'min5':
    case 'min15':
    case 'min30':
      return prev !== null && formatDate(prev) === formatDate(t) ? formatTime(t) : formatDate(t);
    case 'day':
    case 'week':
      return formatDate(t);
    case 'month':
    case 'halfyear':
      return formatYearMonth(t);
    case 'year':
      return String(jstParts(t).year);
  }
}
