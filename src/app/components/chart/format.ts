import { jstParts, type ChartPeriod } from '../../../shared/chart';

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
