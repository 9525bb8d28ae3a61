/**
 * Occasional stock splits, so that forward and backward price adjustment have something to do.
 * About one split per stock every 30 years, decided per (seed, code, year); never in March or
 * September, where dividends go ex. Like Japanese practice, the record date is a month end and
 * the ex-date is the trading day before the month's last trading day.
 */
import { rngFor } from './prng';
import { TSE_GRID } from './days';
import type { IsoDate } from '../../shared/market';

export interface SplitEvent {
  exDate: IsoDate;
  /** New shares per old share (1:ratio). */
  ratio: number;
}

const SPLIT_PROBABILITY_PER_YEAR = 0.035;
const RATIOS = [2, 2, 2, 3, 4, 5, 10];
const MONTHS = [0, 1, 3, 4, 5, 6, 7, 9, 10, 11]; // not March (2) or September (8)

export function splitSchedule(seed: string, code: string, fromYear: number, toYear: number): SplitEvent[] {
  const out: SplitEvent[] = [];
  for (let year = fromYear; year <= toYear; year++) {
    const r = rngFor(seed, code, year, 'split');
    if (r.next() >= SPLIT_PROBABILITY_PER_YEAR) continue;
    const month = MONTHS[r.int(MONTHS.length)]!;
    const ratio = RATIOS[r.int(RATIOS.length)]!;
    const days = TSE_GRID.monthDays(year * 12 + month);
    if (days.length >= 2) out.push({ exDate: days[days.length - 2]!, ratio });
  }
  return out;
}

/**
 * Raw price ÷ anchor-basis price on `date`: before a split that happened by the anchor date the
 * raw price was `ratio` times higher; after a split past the anchor it is `ratio` times lower.
 */
export function splitFactor(splits: readonly SplitEvent[], anchor: IsoDate, date: IsoDate): number {
  let f = 1;
  for (const s of splits) {
    if (date < s.exDate && s.exDate <= anchor) f *= s.ratio;
    else if (anchor < s.exDate && s.exDate <= date) f /= s.ratio;
  }
  return f;
}
