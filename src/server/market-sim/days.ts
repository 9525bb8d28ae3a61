/**
 * The day grids prices live on: TSE trading days for stocks and indices, weekdays for FX, every
 * calendar day for crypto. The simulator works month by month, so each grid answers "which of its
 * days fall in month M" (cached) and steps to neighbouring days.
 */
import { addDays, isFxDay, isTradingDay, monthOf, monthStart, type IsoDate } from '../../shared/market';
import type { InstrumentKind } from '../market/port';

export interface DayGrid {
  readonly name: 'tse' | 'fx' | 'crypto';
  isDay(date: IsoDate): boolean;
  /** The grid's days in running month `index` (year × 12 + month − 1), oldest first. */
  monthDays(index: number): readonly IsoDate[];
  /** The grid day strictly before `date`. */
  prevDay(date: IsoDate): IsoDate;
}

function makeGrid(name: DayGrid['name'], isDay: (d: IsoDate) => boolean): DayGrid {
  const months = new Map<number, readonly IsoDate[]>();
  return {
    name,
    isDay,
    monthDays(index) {
      let days = months.get(index);
      if (!days) {
        const list: IsoDate[] = [];
        for (let d = monthStart(index); monthOf(d).index === index; d = addDays(d, 1)) {
          if (isDay(d)) list.push(d);
        }
        days = list;
        months.set(index, days);
      }
      return days;
    },
    prevDay(date) {
      let d = addDays(date, -1);
      while (!isDay(d)) d = addDays(d, -1);
      return d;
    },
  };
}

export const TSE_GRID = makeGrid('tse', isTradingDay);
export const FX_GRID = makeGrid('fx', isFxDay);
export const CRYPTO_GRID = makeGrid('crypto', () => true);

export function gridFor(kind: InstrumentKind): DayGrid {
  return kind === 'fx' ? FX_GRID : kind === 'crypto' ? CRYPTO_GRID : TSE_GRID;
}

/** The grid's last day of month `index` (or of the latest earlier month that has one). */
export function lastDayOfMonth(grid: DayGrid, index: number): IsoDate {
  for (let m = index; ; m--) {
    const days = grid.monthDays(m);
    if (days.length > 0) return days[days.length - 1]!;
  }
}
