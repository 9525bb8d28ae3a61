import { randomInt } from 'node:crypto';
import {
  FUND_PASSWORD_LOCK_MS,
  FUND_PASSWORD_MAX_TRIES,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  type AccountState,
} from '../../../shared/domain/account';
import type { MessageId } from '../../../shared/api/messages';
import { freshTries, reserveTry, settleTry, slotsLeft, type Tries } from '../../platform/attempts';

/** Pure account rules; no I/O. */

/** Letters and digits without the look-alikes 0/O, 1/I/L so a code read aloud or typed is unambiguous. */
export const INVITE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITE_LENGTH = 8;

export function newInviteCode(): string {
  let out = '';
  for (let i = 0; i < INVITE_LENGTH; i++) out += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return out;
}

/** Frozen and banned accounts may not move money; no_trade may (it only stops trading). */
export function moneyBlock(state: string): MessageId | null {
  if (state === 'frozen') return 'account_frozen';
  if (state === 'banned') return 'account_banned';
  return null;
}

/** Trading needs an active account: no_trade, frozen and banned all refuse. */
export function tradeBlock(state: string): MessageId | null {
  if (state === 'no_trade') return 'account_no_trade';
  return moneyBlock(state);
}

/** Only banned accounts are refused at login (frozen / no_trade users must still see their money). */
export function canLogin(state: AccountState | string): boolean {
  return state !== 'banned';
}

/**
 * A session is dead once more than SESSION_IDLE_MS passed since it was last used, or more than
 * SESSION_MAX_AGE_MS since it was made, however often it was used.
 */
export function sessionExpired(s: { createdAt: number; lastSeenAt: number }, now: number): boolean {
  return now - s.lastSeenAt > SESSION_IDLE_MS || now - s.createdAt > SESSION_MAX_AGE_MS;
}

/** Writing last_seen on every request would make every read a write; a minute's precision is plenty. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;
export function shouldTouch(lastSeenAt: number, now: number): boolean {
  return now - lastSeenAt >= LAST_SEEN_RESOLUTION_MS;
}

export interface FundLock {
  until: number;
  minutes: number;
}

/** The remaining lock, if the fund password is locked at `now`. */
export function fundLock(lockedUntil: number | null, now: number): FundLock | null {
  if (lockedUntil === null || lockedUntil <= now) return null;
  return { until: lockedUntil, minutes: Math.ceil((lockedUntil - now) / 60_000) };
}

/** The fund password's tries as its users row keeps them (platform/attempts.ts) and its lock. */
export interface FundTryState {
  tries: Tries;
  lockedUntil: number | null;
}

/** A try about to be checked: `refused` with the lock to show, or reserved (`next` is the row's new state). */
export interface FundReservation {
  next: FundTryState;
  refused: FundLock | null;
}

/** A checked try: `lock` when this failure was the last allowed, else the tries that may start now. */
export interface FundSettlement {
  next: FundTryState;
  lock: FundLock | null;
  remaining: number;
}

/**
 * Reserves a try before its hash. Refused while locked, and while the tries in flight fill the budget:
 * that refusal shows the lock they would set, as the 5th failure does.
 */
export function reserveFundTry(s: FundTryState, now: number): FundReservation {
  const lock = fundLock(s.lockedUntil, now);
  if (lock) return { next: s, refused: lock };
  const tries = freshTries(s.tries, now);
  // Tries lost with their process count as failures and may complete the count.
  if (tries.failures >= FUND_PASSWORD_MAX_TRIES) {
    const locked = lockAfter(tries, now);
    return { next: locked.next, refused: locked.lock };
  }
  if (slotsLeft(tries, FUND_PASSWORD_MAX_TRIES) === 0) return { next: { tries, lockedUntil: null }, refused: fundLock(now + FUND_PASSWORD_LOCK_MS, now) };
  return { next: { tries: reserveTry(tries, now), lockedUntil: null }, refused: null };
}

/** Settles a reserved try: the 5th failure locks for FUND_PASSWORD_LOCK_MS and starts the count again. */
export function settleFundTry(s: FundTryState, ok: boolean, now: number): FundSettlement {
  const tries = settleTry(freshTries(s.tries, now), ok);
  if (!ok && tries.failures >= FUND_PASSWORD_MAX_TRIES) return lockAfter(tries, now);
  return { next: { tries, lockedUntil: s.lockedUntil }, lock: null, remaining: slotsLeft(tries, FUND_PASSWORD_MAX_TRIES) };
}

function lockAfter(tries: Tries, now: number): FundSettlement {
  const until = now + FUND_PASSWORD_LOCK_MS;
  return { next: { tries: { ...tries, failures: 0 }, lockedUntil: until }, lock: fundLock(until, now)!, remaining: 0 };
}
