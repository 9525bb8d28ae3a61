/**
 * 積立 plans (recurring investment): schedules and the plan screen's illustration (docs/domain.md
 * "Investment trusts and 積立"). Pure: the plan job, the plan screen and the tests use the same
 * functions, so "next run" on screen is the date the job runs.
 */
import { addDays, dayNumber, isTradingDay, jstDate, jstMsOfDay, nextTradingDay, weekday, type IsoDate } from '../market';
import type { AccountType } from './account-type';

export const PLAN_KINDS = ['fund', 'stock'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];
export const PLAN_FREQUENCIES = ['monthly', 'weekly', 'daily'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];
export const PLAN_STATUSES = ['active', 'paused', 'stopped'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Fund plans pay from ¥100 (whole yen) per run; stock plans buy whole 単元. */
export const PLAN_LIMITS = { minAmount: 100, maxAmount: 10_000_000, minLots: 1, maxLots: 100, maxMonthDays: 3 } as const;
/** Which account types each kind of plan may buy in (つみたて投資枠 holds funds only). */
export const PLAN_ACCOUNTS: Record<PlanKind, readonly AccountType[]> = {
  fund: ['nisa_tsumitate', 'nisa_growth', 'specific', 'general'],
  stock: ['nisa_growth', 'specific', 'general'],
};
/** A run date's run goes at or after 10:00 Tokyo (inside the session, before the funds' 15:30 cut-off). */
export const PLAN_RUN_TIME = { hour: 10, minute: 0 } as const;

export const PLAN_SKIP_REASONS = [
  'insufficient_cash', 'nisa_room', 'fund_suspended', 'not_eligible', 'stock_untradable', 'account_restricted', 'order_refused',
] as const;
export type PlanSkipReason = (typeof PLAN_SKIP_REASONS)[number];

export interface PlanSchedule {
  frequency: PlanFrequency;
  /** monthly: days of month 1–28 (1–3 of them); weekly: [weekday 1=Mon … 5=Fri]; daily: []. */
  days: readonly number[];
}

/** Why a schedule is not valid (null: it is). */
export function scheduleProblem(s: PlanSchedule): string | null {
  const ints = s.days.every((d) => Number.isInteger(d));
  if (!ints) return 'days';
  if (s.frequency === 'daily') return s.days.length === 0 ? null : 'days';
  if (s.frequency === 'weekly') return s.days.length === 1 && s.days[0]! >= 1 && s.days[0]! <= 5 ? null : 'days';
  const unique = new Set(s.days).size === s.days.length;
  return unique && s.days.length >= 1 && s.days.length <= PLAN_LIMITS.maxMonthDays && s.days.every((d) => d >= 1 && d <= 28) ? null : 'days';
}

/** Whether `date` is a nominal (calendar) date of the schedule, before moving off holidays. */
function nominal(s: PlanSchedule, date: IsoDate): boolean {
  if (s.frequency === 'daily') return true;
  if (s.frequency === 'weekly') return weekday(date) === s.days[0];
  return s.days.includes(Number(date.slice(8, 10)));
}

/**
 * The schedule's run dates in [from, to], oldest first: each nominal date moved to the next business
 * day when it is not one (two nominal dates landing on one business day run once).
 */
export function runDatesBetween(s: PlanSchedule, from: IsoDate, to: IsoDate): IsoDate[] {
  const out: IsoDate[] = [];
  // A nominal date up to 10 days before `from` may move onto or after it (long holidays).
  for (let d = addDays(from, -10); dayNumber(d) <= dayNumber(to); d = addDays(d, 1)) {
    if (!nominal(s, d)) continue;
    const run = isTradingDay(d) ? d : nextTradingDay(d);
    if (run >= from && run <= to && out[out.length - 1] !== run && !out.includes(run)) out.push(run);
  }
  return out.sort();
}

/** The first run date on or after `from` (a valid schedule has one within 40 days: monthly is the sparsest). */
export function nextRunDate(s: PlanSchedule, from: IsoDate): IsoDate {
  const dates = runDatesBetween(s, from, addDays(from, 40));
  if (dates[0]) return dates[0];
  throw new Error('plan: no run date within 40 days');
}

/** Whether the run of `runDate` is due at `at` (from 10:00 Tokyo that day). */
export function runDue(runDate: IsoDate, at: number): boolean {
  const day = jstDate(at);
  return day > runDate || (day === runDate && jstMsOfDay(at) >= (PLAN_RUN_TIME.hour * 60 + PLAN_RUN_TIME.minute) * 60_000);
}

/** Runs of the schedule in a Tokyo year from `from` (for "this year's NISA room used by plans"). */
export function runsInYear(s: PlanSchedule, from: IsoDate, year: number): number {
  const start = from > `${year}-01-01` ? from : `${year}-01-01`;
  return runDatesBetween(s, start, `${year}-12-31`).length;
}

/**
 * The plan screen's illustration (never a promise): a monthly payment for `years` years at an
 * assumed yearly return, compounded monthly, paid at the start of each month. Returns the total
 * paid and the value at the end, both rounded to the yen, year by year.
 */
export function futureValue(monthly: number, yearlyReturnPpm: number, years: number): { year: number; paid: number; value: number }[] {
  const r = Math.pow(1 + yearlyReturnPpm / 1_000_000, 1 / 12) - 1;
  const out: { year: number; paid: number; value: number }[] = [];
  let value = 0;
  for (let m = 1; m <= years * 12; m++) {
    value = (value + monthly) * (1 + r);
    if (m % 12 === 0) out.push({ year: m / 12, paid: monthly * m, value: Math.round(value) });
  }
  return out;
}
