/**
 * Pure rules of the asset history (資産推移, docs/domain.md "Asset history"): which days a range
 * covers, which positions were held at a day's end, what they were worth at that day's close, and
 * 当日損益. No I/O, no clock: history.ts feeds them rows, closes and "today".
 */
import { addDays, dayNumber, fromDayNumber, type IsoDate } from '../../../shared/market';
import type { HISTORY_RANGES } from '../../../shared/api/funds';
import type { Direction } from '../../../shared/domain/position';
import { pnlFromCost } from '../../../shared/domain/trade-money';

export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** Calendar days a range looks back from today (`all`: from the first activity). */
const LOOKBACK: Record<Exclude<HistoryRange, 'all'>, number> = { '1m': 30, '3m': 91, '1y': 365 };

/**
 * The days of a range, oldest first, ending today. Days before the user's first ledger activity
 * are left out (there was nothing to value), so a new account's chart starts where it began.
 */
export function rangeDays(range: HistoryRange, today: IsoDate, firstActivity: IsoDate | null): IsoDate[] {
  const from = range === 'all' || firstActivity === null ? (firstActivity ?? today) : addDays(today, -LOOKBACK[range]);
  const start = firstActivity !== null && firstActivity > from ? firstActivity : from;
  const first = Math.min(dayNumber(start), dayNumber(today));
  const out: IsoDate[] = [];
  for (let n = first; n <= dayNumber(today); n++) out.push(fromDayNumber(n));
  return out;
}

/** A position as the history needs it (trade_position's columns). */
export interface HeldRow {
  code: string;
  direction: string;
  quantity: number;
  price_scale: number;
  contract_value: number | null;
  buy_time: number | null;
  sell_time: number | null;
  /** The last ex-date whose corporate actions the row reflects (its quantity is after those splits). */
  actions_through: string | null;
}

/** Held at the end of the day ending at `dayEnd` (exclusive): bought before it, not closed before it. */
export function heldAt(row: HeldRow, dayEnd: number): boolean {
  return row.buy_time !== null && row.buy_time < dayEnd && (row.sell_time === null || row.sell_time >= dayEnd);
}

/** A split the row may have been through. */
export interface Split {
  exDate: IsoDate;
  ratio: number;
}

/**
 * The price difference of a held position at `close` on `day` (what total assets add to the ledger
 * equity, as funds/summary does with the live price). A split applied to the row after `day` has
 * multiplied its shares, while `close` is that day's unadjusted price: the price is divided by
 * those splits, as the live valuation does between an ex-date and the open (trade/view.ts).
 */
export function grossPnlAt(row: HeldRow, day: IsoDate, close: number, splits: readonly Split[]): number {
  if (row.contract_value === null) return 0;
  let ratio = 1;
  for (const s of splits) if (s.exDate > day && row.actions_through !== null && s.exDate <= row.actions_through) ratio *= s.ratio;
  const price = ratio === 1 ? close : Math.max(1, Math.round(close / ratio));
  return pnlFromCost(row.direction as Direction, row.contract_value, price, row.quantity, row.price_scale);
}

/** The last close on or before `day` from oldest-first bars, or null before the first. */
export function closeOnOrBefore(bars: readonly { date: IsoDate; close: number }[], day: IsoDate): number | null {
  let lo = 0;
  let hi = bars.length - 1;
  let found: number | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.date <= day) {
      found = bars[mid]!.close;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Running ledger equity at each day's end from per-day sums of the user's postings (day numbers in
 * Tokyo), for the given days oldest first.
 */
export function equityByDay(deltas: readonly { day: number; amount: number }[], days: readonly IsoDate[]): number[] {
  const sorted = [...deltas].sort((a, b) => a.day - b.day);
  const out: number[] = [];
  let i = 0;
  let equity = 0;
  for (const d of days) {
    const n = dayNumber(d);
    while (i < sorted.length && sorted[i]!.day <= n) equity += sorted[i++]!.amount;
    out.push(equity);
  }
  return out;
}

/**
 * 当日損益: what today's total assets moved by, less money that came in or went out today
 * (deposits, withdrawals, grants are not gains); in basis points of what the day started with plus
 * money added today (a deposit made today is at work today too), 0 when that is not positive.
 */
export function dayChange(total: number, previousTotal: number, netFlows: number): { dayChange: number; dayChangeBp: number } {
  const change = total - previousTotal - netFlows;
  const base = previousTotal + Math.max(0, netFlows);
  return { dayChange: change === 0 ? 0 : change, dayChangeBp: base > 0 ? Math.trunc((change * 10_000) / base) : 0 };
}
