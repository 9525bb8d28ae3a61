/**
 * The arithmetic of a secret's check budget (docs/decisions/007-password-checks.md, "Attempts are
 * reserved before the check"). Pure: no I/O, no clock of its own. The stores apply each step
 * atomically — the memory store synchronously, Redis in one script that mirrors these functions
 * (platform/rate-limit.ts), the fund password under its users row's lock (modules/account).
 *
 * A check RESERVES a slot before the secret is verified and SETTLES it with the outcome. Slots
 * taken = failures + checks in flight + successes held back; once they fill the budget no check
 * starts, the right secret's included. A success clears the failures and frees every slot only when
 * nothing else is in flight; a success among concurrent checks is held back until the last of them
 * settles, since freeing its slot (or the failures) then would let the same burst check more guesses
 * than the budget. So N concurrent guesses, the right one among them or not, check at most the budget.
 */
export interface Tries {
  /** Wrong answers since the last success that had nothing else in flight. */
  failures: number;
  /** Reserved checks not settled yet. */
  pending: number;
  /** Successes that settled while other checks were in flight: their slots come back with the last. */
  held: number;
  /** When the pending checks count as lost (their process died between reserve and settle). */
  staleAt: number;
}

export const NO_TRIES: Tries = { failures: 0, pending: 0, held: 0, staleAt: 0 };

/**
 * A check takes well under a second (one argon2 verify); one still pending after this long was lost
 * with its process and is counted as a failure: a crash costs a try, it never gives one back.
 */
export const STALE_TRY_MS = 60_000;

/** `t` with any lost checks counted as failures. */
export function freshTries(t: Tries, now: number): Tries {
  if (t.pending === 0 || t.staleAt > now) return t;
  return { failures: t.failures + t.pending, pending: 0, held: 0, staleAt: 0 };
}

/** How many checks may start now. */
export function slotsLeft(t: Tries, budget: number): number {
  return Math.max(0, budget - t.failures - t.pending - t.held);
}

/** One more check in flight (the caller checked `slotsLeft` first). */
export function reserveTry(t: Tries, now: number): Tries {
  return { ...t, pending: t.pending + 1, staleAt: now + STALE_TRY_MS };
}

/** A reserved check's outcome. The last check in flight frees the held slots; a success then also clears the failures. */
export function settleTry(t: Tries, ok: boolean): Tries {
  const pending = Math.max(0, t.pending - 1);
  const failures = ok ? t.failures : t.failures + 1;
  if (pending === 0) return { failures: ok ? 0 : failures, pending: 0, held: 0, staleAt: 0 };
  return { ...t, failures, pending, held: ok ? t.held + 1 : t.held };
}

/** Failures seen elsewhere (a wrong password through a signed-in budget also counts against the phone's). */
export function penalizeTries(t: Tries, points: number): Tries {
  return { ...t, failures: t.failures + points };
}

/** The owner proved the secret elsewhere: failures are forgotten; checks in flight keep their slots. */
export function forgetFailures(t: Tries): Tries {
  return t.pending === 0 ? NO_TRIES : { ...t, failures: 0 };
}

export function isEmpty(t: Tries): boolean {
  return t.failures === 0 && t.pending === 0 && t.held === 0;
}
