/**
 * Kysely queries on `strategy_holding` (the register of who holds what in each fund); every
 * function takes the pool or a transaction.
 */
import type { Executor } from '../../db/executor';
import type { StrategyHoldingTable } from './tables';
import './tables';

export type HoldingRow = StrategyHoldingTable;

export async function insertHolding(db: Executor, row: HoldingRow): Promise<void> {
  await db.insertInto('strategy_holding').values(row).execute();
}

/** One of the user's holdings (another user's is not found). */
export function findUserHolding(db: Executor, id: string, userId: string): Promise<HoldingRow | undefined> {
  return db.selectFrom('strategy_holding').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's latest holdings, newest first. */
export function holdingsOfUser(db: Executor, userId: string, limit: number): Promise<HoldingRow[]> {
  return db.selectFrom('strategy_holding').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
}

/** The user's holdings past their subscription (held, redeeming or ended). */
export function struckHoldingsOfUser(db: Executor, userId: string): Promise<HoldingRow[]> {
  return db.selectFrom('strategy_holding').selectAll().where('user_id', '=', userId).where('status', '!=', 'pending').execute();
}

/** What the user's struck holdings held and when (funds/history's past points). */
export function unitsOverTime(db: Executor, userId: string) {
  return db
    .selectFrom('strategy_holding')
    .select(['fund_id', 'units', 'subscribed_on', 'ended_on'])
    .where('user_id', '=', userId)
    .where('subscribed_on', 'is not', null)
    .execute();
}

/** The amounts and payouts of the fund's struck holdings (its follow amount and maturity return). */
export function followOf(db: Executor, fundId: string) {
  return db
    .selectFrom('strategy_holding')
    .select(['amount', 'payout', 'status'])
    .where('fund_id', '=', fundId)
    .where('subscribed_on', 'is not', null)
    .execute();
}

/** Money reserved by subscriptions not yet struck (they become the fund's at the next strike). */
export async function pendingAmount(db: Executor, fundId: string): Promise<number> {
  const rows = await db.selectFrom('strategy_holding').select('amount').where('fund_id', '=', fundId).where('status', '=', 'pending').execute();
  return rows.reduce((a, r) => a + r.amount, 0);
}

/** The units of each holding whose redemption is asked and not yet paid. */
export async function redeemingUnits(db: Executor, fundId: string): Promise<number[]> {
  const rows = await db.selectFrom('strategy_holding').select('units').where('fund_id', '=', fundId).where('status', '=', 'redeeming').execute();
  return rows.map((r) => r.units);
}

/** Holdings with units in the fund (held or redeeming), by id: those the strike charges and pays. */
export function activeHoldings(db: Executor, fundId: string): Promise<HoldingRow[]> {
  return db
    .selectFrom('strategy_holding')
    .selectAll()
    .where('fund_id', '=', fundId)
    .where('status', 'in', ['holding', 'redeeming'])
    .orderBy('id')
    .execute();
}

/** Subscriptions asked up to `cutoff`, by id: those a strike turns into units. */
export function pendingUntil(db: Executor, fundId: string, cutoff: number): Promise<HoldingRow[]> {
  return db
    .selectFrom('strategy_holding')
    .selectAll()
    .where('fund_id', '=', fundId)
    .where('status', '=', 'pending')
    .where('requested_at', '<=', cutoff)
    .orderBy('id')
    .execute();
}

/** Every subscription not yet struck (a terminated fund returns them). */
export function pendingHoldings(db: Executor, fundId: string): Promise<HoldingRow[]> {
  return db.selectFrom('strategy_holding').selectAll().where('fund_id', '=', fundId).where('status', '=', 'pending').execute();
}

/** Holding → redeeming, only from holding; false when another request changed it first. */
export async function markRedeeming(db: Executor, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('strategy_holding')
    .set({ status: 'redeeming', redeem_requested_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'holding')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

/** A subscription struck: its units, what they cost and the strike's NAV and lock. */
export async function setSubscribed(
  db: Executor,
  id: string,
  s: { units: number; amount: number; subscribedOn: string; strikeNav: number; lockedUntil: string; now: number },
): Promise<void> {
  await db
    .updateTable('strategy_holding')
    .set({ status: 'holding', units: s.units, amount: s.amount, subscribed_on: s.subscribedOn, strike_nav: s.strikeNav, locked_until: s.lockedUntil, updated_at: s.now })
    .where('id', '=', id)
    .execute();
}

/** A holding paid out (redeemed or terminated) or a subscription returned. */
export async function endHolding(db: Executor, id: string, e: { status: 'redeemed' | 'terminated'; payout: number; endedOn: string; now: number }): Promise<void> {
  await db.updateTable('strategy_holding').set({ status: e.status, payout: e.payout, ended_on: e.endedOn, updated_at: e.now }).where('id', '=', id).execute();
}

/** A holding's units after the day's fee and the running fee remainder (rules.ts feeUnitsFor). */
export async function setHoldingFee(db: Executor, id: string, units: number, carry: number, now: number): Promise<void> {
  await db.updateTable('strategy_holding').set({ units, fee_carry: carry, updated_at: now }).where('id', '=', id).execute();
}
