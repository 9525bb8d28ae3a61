import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { PlanView } from '../../../shared/api/plans';
import { nextRunDate, scheduleProblem, type PlanFrequency, type PlanSchedule, type PlanStatus } from '../../../shared/domain/plan';
import { addDays, type IsoDate } from '../../../shared/market';
import { displayName, enteredName } from '../../../shared/market/local-names';

/**
 * The words of the 積立 screens (docs/domain.md "Investment trusts and 積立"), Japanese as the
 * source; descriptors, translated where they are shown.
 */

export const FREQUENCY_TEXT: Record<PlanFrequency, MessageDescriptor> = {
  monthly: msg({ message: '毎月' }),
  weekly: msg({ message: '毎週' }),
  daily: msg({ message: '毎営業日' }),
};

export const STATUS_TEXT: Record<PlanStatus, MessageDescriptor> = {
  active: msg({ context: 'plan status', message: '積立中' }),
  paused: msg({ context: 'plan status', message: '一時停止中' }),
  stopped: msg({ context: 'plan status', message: '終了' }),
};

/** Weekdays 1 = Monday … 5 = Friday, short (the weekly schedule). */
export const WEEKDAY_TEXT: Record<number, MessageDescriptor> = {
  1: msg({ context: 'weekday', message: '月曜' }),
  2: msg({ context: 'weekday', message: '火曜' }),
  3: msg({ context: 'weekday', message: '水曜' }),
  4: msg({ context: 'weekday', message: '木曜' }),
  5: msg({ context: 'weekday', message: '金曜' }),
};

const DAY_OF_MONTH = msg({ context: 'day of month', message: '{d}日' });

/** "毎月 1日・15日", "毎週 月曜", "毎営業日". */
export function scheduleText(s: PlanSchedule, i18n: I18n): string {
  const head = i18n._(FREQUENCY_TEXT[s.frequency]);
  if (s.frequency === 'daily') return head;
  if (s.frequency === 'weekly') {
    const day = WEEKDAY_TEXT[s.days[0] ?? 0];
    return day ? `${head} ${i18n._(day)}` : head;
  }
  const days = [...s.days].sort((a, b) => a - b).map((d) => {
    const day: MessageDescriptor = { ...DAY_OF_MONTH, values: { d } };
    return i18n._(day);
  });
  return `${head} ${days.join(i18n._(msg({ context: 'list separator', message: '・' })))}`;
}

/** The plan's target in the reader's language: a fund's catalogue name, a stock's name with its code. */
export function planTargetName(p: Pick<PlanView, 'kind' | 'names' | 'code'>, locale: string): string {
  if (p.kind === 'fund') return enteredName(p.names, locale);
  const name = displayName({ code: p.code, nameJa: p.names.ja || null, nameEn: p.names.en || null }, locale);
  return name && name !== p.code ? `${name} (${p.code})` : p.code;
}

/**
 * About how much a schedule buys a month, for the simulator's default: monthly runs × the amount,
 * weekly 52 ÷ 12 runs, daily about 20 business days (245 a year ÷ 12), rounded to the yen.
 */
export function monthlyEquivalent(perRun: number, s: PlanSchedule): number {
  if (s.frequency === 'monthly') return perRun * Math.max(1, s.days.length);
  if (s.frequency === 'weekly') return Math.round((perRun * 52) / 12);
  return Math.round((perRun * 245) / 12);
}

/** The next run of a schedule from `today` (null for an invalid schedule); after today's run when it is done. */
export function nextRunOf(s: PlanSchedule, today: IsoDate, ranToday = false): IsoDate | null {
  if (scheduleProblem(s) !== null) return null;
  return nextRunDate(s, ranToday ? addDays(today, 1) : today);
}
