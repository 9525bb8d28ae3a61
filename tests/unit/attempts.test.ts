import { describe, expect, it } from 'vitest';
import {
  forgetFailures, freshTries, NO_TRIES, penalizeTries, reserveTry, settleTry, slotsLeft, STALE_TRY_MS, type Tries,
} from '../../src/server/platform/attempts';
import { reserveFundTry, settleFundTry, type FundTryState } from '../../src/server/modules/account/rules';
import { FUND_PASSWORD_LOCK_MS, FUND_PASSWORD_MAX_TRIES } from '../../src/shared/domain/account';

/** A secret's check budget (docs/decisions/007-password-checks.md, "Attempts are reserved before the check"). */
const BUDGET = 5;
const NOW = 1_000_000;

/** Reserves as many checks as the budget lets start. */
function reserveAll(t: Tries, n: number): { tries: Tries; reserved: number } {
  let reserved = 0;
  for (let i = 0; i < n && slotsLeft(t, BUDGET) > 0; i++, reserved++) t = reserveTry(t, NOW);
  return { tries: t, reserved };
}

describe('attempt budget arithmetic', () => {
  it('one at a time: 4 failures then a success start the count again; the 5th failure fills the budget', () => {
    let t = NO_TRIES;
    for (let i = 0; i < 4; i++) t = settleTry(reserveTry(t, NOW), false);
    expect(slotsLeft(t, BUDGET)).toBe(1);
    t = settleTry(reserveTry(t, NOW), true);
    expect(t).toEqual(NO_TRIES);
    for (let i = 0; i < 5; i++) t = settleTry(reserveTry(t, NOW), false);
    expect(slotsLeft(t, BUDGET)).toBe(0);
  });

  it('50 concurrent guesses reserve the budget only, and a success among them frees nothing until the last settles', () => {
    const { tries, reserved } = reserveAll(NO_TRIES, 50);
    expect(reserved).toBe(BUDGET);
    // The right one settles first: its slot is held, so the rest of the burst still finds none.
    let t = settleTry(tries, true);
    expect(slotsLeft(t, BUDGET)).toBe(0);
    for (let i = 0; i < 3; i++) t = settleTry(t, false);
    expect(slotsLeft(t, BUDGET)).toBe(0);
    // The last one settles: the held slot comes back, the burst's failures stay.
    t = settleTry(t, false);
    expect(t).toMatchObject({ failures: 4, pending: 0, held: 0 });
    expect(slotsLeft(t, BUDGET)).toBe(1);
  });

  it('a success that settles last, with nothing else in flight, starts the count again', () => {
    let t = reserveAll(NO_TRIES, 3).tries;
    t = settleTry(settleTry(t, false), false);
    t = settleTry(t, true);
    expect(t).toEqual(NO_TRIES);
  });

  it('checks lost with their process count as failures once stale', () => {
    const t = reserveAll(NO_TRIES, 2).tries;
    expect(freshTries(t, NOW + STALE_TRY_MS - 1)).toBe(t);
    expect(freshTries(t, NOW + STALE_TRY_MS)).toEqual({ failures: 2, pending: 0, held: 0, staleAt: 0 });
  });

  it('a penalty counts; forgetting clears failures but keeps checks in flight', () => {
    const t = penalizeTries(reserveTry(penalizeTries(NO_TRIES, 2), NOW), 1);
    expect(slotsLeft(t, BUDGET)).toBe(1);
    expect(forgetFailures(t)).toMatchObject({ failures: 0, pending: 1 });
    expect(forgetFailures(settleTry(t, false))).toEqual(NO_TRIES);
  });
});

describe('fund password tries', () => {
  const start: FundTryState = { tries: NO_TRIES, lockedUntil: null };

  it('the 5th failure locks for 30 minutes; while locked nothing is reserved; after it, a fresh count', () => {
    let s = start;
    for (let i = 1; i <= FUND_PASSWORD_MAX_TRIES; i++) {
      const r = reserveFundTry(s, NOW);
      expect(r.refused).toBeNull();
      const settled = settleFundTry(r.next, false, NOW);
      if (i < FUND_PASSWORD_MAX_TRIES) expect(settled).toMatchObject({ lock: null, remaining: FUND_PASSWORD_MAX_TRIES - i });
      else expect(settled.lock).toEqual({ until: NOW + FUND_PASSWORD_LOCK_MS, minutes: 30 });
      s = settled.next;
    }
    expect(reserveFundTry(s, NOW + FUND_PASSWORD_LOCK_MS - 1).refused).toMatchObject({ minutes: 1 });
    const after = reserveFundTry(s, NOW + FUND_PASSWORD_LOCK_MS);
    expect(after.refused).toBeNull();
    expect(after.next).toMatchObject({ lockedUntil: null, tries: { failures: 0, pending: 1 } });
  });

  it('a full budget of tries in flight refuses the next as locked without locking the row', () => {
    let s = start;
    for (let i = 0; i < FUND_PASSWORD_MAX_TRIES; i++) s = reserveFundTry(s, NOW).next;
    const refused = reserveFundTry(s, NOW);
    expect(refused.refused).toEqual({ until: NOW + FUND_PASSWORD_LOCK_MS, minutes: 30 });
    expect(refused.next.lockedUntil).toBeNull();
  });

  it('stale tries that complete the count lock at the next reservation', () => {
    let s = start;
    for (let i = 0; i < 4; i++) s = settleFundTry(reserveFundTry(s, NOW).next, false, NOW).next;
    s = reserveFundTry(s, NOW).next; // lost with its process
    const later = NOW + STALE_TRY_MS;
    const r = reserveFundTry(s, later);
    expect(r.refused).toEqual({ until: later + FUND_PASSWORD_LOCK_MS, minutes: 30 });
    expect(r.next.lockedUntil).toBe(later + FUND_PASSWORD_LOCK_MS);
  });
});
