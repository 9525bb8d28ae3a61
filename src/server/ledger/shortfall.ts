/**
 * The due date of a shortfall (不足金, docs/decisions/009-trading-money-conventions.md): when a
 * user's shortfall starts, it is due on the next business day, and late interest accrues only
 * after that; when it is repaid in full the notice ends. The amount itself lives on the ledger
 * (`shortfall` account); this row only keeps its dates and the late-interest accrual.
 */
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import type { Capabilities } from '../db/capabilities';
import { ruleBroken } from '../errors';
import { dayNumber, jstDate, nextTradingDay } from '../../shared/market';
import { encodeMemo } from '../../shared/domain/ledger-kinds';
import type { Currency } from '../../shared/money';
import { postEntry } from './post';
import { lockWallet, Postings } from './postings';

/** Call after posting `p` (in the same transaction): opens or ends the user's shortfall notice. */
export async function noteShortfall(db: Kysely<DB>, p: Postings, at: number): Promise<void> {
  const before = p.shortfallBefore;
  const after = p.wallet.shortfall;
  if (before === 0 && after < 0) {
    const today = jstDate(at);
    const due = nextTradingDay(today);
    await db
      .insertInto('shortfall_notice')
      .values({ user_id: p.user, currency: p.currency, since: today, due_on: due, accrued_through: due, accrual_units: 0, charged: 0, updated_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'currency']).doNothing())
      .execute();
  } else if (before < 0 && after === 0) {
    await db.deleteFrom('shortfall_notice').where('user_id', '=', p.user).where('currency', '=', p.currency).execute();
  }
}

/** The user's open shortfall notice in a currency, if any. */
export async function findShortfallNotice(db: Kysely<DB>, userId: string, currency: string) {
  return db.selectFrom('shortfall_notice').selectAll().where('user_id', '=', userId).where('currency', '=', currency).executeTakeFirst();
}

/** 遅延損害金 on a shortfall after its due date: 14.6% a year (docs/domain.md "Shortfall"). */
export const SHORTFALL_LATE_RATE_BP = 1_460;

/**
 * Refuses a new position while a shortfall is owed (`shortfall_owed` {amount, dueOn}). Takes the
 * user's lock first (lockWallet), so a close that creates a shortfall cannot slip in between the
 * check and the order. Closing, cancelling and any credit stay possible: they are how it gets repaid.
 */
export async function assertNoShortfall(db: Kysely<DB>, caps: Capabilities, userId: string, currency: Currency): Promise<void> {
  const owed = -(await lockWallet(db, caps, userId, currency)).shortfall;
  if (owed <= 0) return;
  const notice = await findShortfallNotice(db, userId, currency);
  throw ruleBroken('shortfall_owed', { amount: owed, dueOn: notice?.due_on ?? '' });
}

/** Whether a shortfall due on `dueOn` is overdue on `today` (late interest runs from the day after the due date). */
export function shortfallOverdue(dueOn: string, today: string): boolean {
  return dueOn < today;
}

/** Open shortfall notices whose due date has passed by `today`: the late-interest job's work list. */
export async function overdueShortfalls(db: Kysely<DB>, today: string) {
  return db.selectFrom('shortfall_notice').select(['user_id', 'currency']).where('due_on', '<', today).where('accrued_through', '<', today).execute();
}

/**
 * The days of late interest a run on `today` adds: those after the due date (遅延損害金 runs from
 * the day after the deadline, never the deadline itself) and before `today`, not yet accrued.
 * `accruedThrough` is exclusive — every day before it is accrued — except on a fresh notice, where
 * it still holds the due date; taking the later of it and the day after the due date covers both.
 */
export function lateInterestDays(dueOn: string, accruedThrough: string, today: string): number {
  const from = Math.max(dayNumber(accruedThrough), dayNumber(dueOn) + 1);
  return Math.max(0, dayNumber(today) - from);
}

/**
 * Late interest for the days after the due date and before `today` (lateInterestDays), on a
 * cumulative basis: each day adds (owed × rate) to an exact accrual, and the charge is its
 * rounded-down total less what was charged before (docs/decisions/009-trading-money-conventions.md).
 * The late interest itself is not charged interest on (simple interest on what the loss left owed).
 */
export async function chargeLateInterest(trx: Transaction<DB>, caps: Capabilities, userId: string, currency: Currency, today: string, at: number): Promise<number> {
  const wallet = await lockWallet(trx, caps, userId, currency);
  let q = trx.selectFrom('shortfall_notice').selectAll().where('user_id', '=', userId).where('currency', '=', currency);
  if (caps.rowLocks) q = q.forUpdate();
  const n = await q.executeTakeFirst();
  if (!n || n.accrued_through >= today) return 0;
  const days = lateInterestDays(n.due_on, n.accrued_through, today);
  const owed = Math.max(0, -wallet.shortfall - Number(n.charged));
  const units = Number(n.accrual_units) + owed * SHORTFALL_LATE_RATE_BP * days;
  const total = Math.floor(units / (10_000 * 365));
  const amount = total - Number(n.charged);
  await trx
    .updateTable('shortfall_notice')
    .set({ accrued_through: today, accrual_units: units, charged: total, updated_at: at })
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .execute();
  if (amount <= 0) return 0;
  const p = new Postings(userId, currency, wallet).charge('interest_income', amount);
  await postEntry(trx, {
    kind: 'late_interest', userId, refType: 'shortfall', refId: null,
    memo: encodeMemo({ id: 'memo_late_interest', params: { dueOn: n.due_on, through: today } }), postings: p.list,
  }, at);
  return amount;
}
