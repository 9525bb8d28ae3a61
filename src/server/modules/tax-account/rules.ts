import { jstMs, type IsoDate } from '../../../shared/market/jst';
import type { NisaState, TaxAccountChoice } from '../../../shared/api/tax-account';

/*
 * The tax-account rules (docs/domain.md "Account types and NISA"): the opening choice as stored
 * flags, when the 源泉徴収 choice may change, and when a NISA application is refused. Pure: no I/O;
 * instants come from the caller's clock.
 */

/** The stored flags of an opening choice (tax_account.specific / .withholding). */
export function flagsOf(choice: TaxAccountChoice): { specific: 0 | 1; withholding: 0 | 1 } {
  if (choice === 'general') return { specific: 0, withholding: 0 };
  return { specific: 1, withholding: choice === 'specific_withholding' ? 1 : 0 };
}

/** The first instant of a Tokyo year (1 January 00:00 JST). */
export function yearStart(year: number): number {
  return jstMs(`${year}-01-01`, 0);
}

/**
 * The last Tokyo year the 源泉徴収 choice is fixed for, or null when it may change now
 * (租税特別措置法 第37条の11の4: the choice holds for the year from its first sale in the 特定口座).
 * `soldThisYear`: a 特定 sale or dividend was booked this year; `taxYear`: the latest year of a
 * 特定 netting row for this year or the next (a late-December sale settles in January).
 */
export function lockedYear(year: number, soldThisYear: boolean, taxYear: number | null): number | null {
  const years = [soldThisYear ? year : null, taxYear].filter((y): y is number => y !== null && y >= year);
  return years.length === 0 ? null : Math.max(...years);
}

/** The day the choice may change again: 1 January after the locked year. */
export function nextChange(locked: number): IsoDate {
  return `${locked + 1}-01-01`;
}

/** The state the user sees, from the review status of the latest application (null: none). */
export function nisaStateOf(review: string | null): NisaState {
  if (review === 'pending' || review === 'approved' || review === 'rejected') return review;
  return 'none';
}

/** Why a new NISA application is refused (one pending or approved already), or null. */
export function nisaApplyRefusal(state: NisaState): { id: 'nisa_already_applied'; state: 'pending' | 'approved' } | null {
  return state === 'pending' || state === 'approved' ? { id: 'nisa_already_applied', state } : null;
}
