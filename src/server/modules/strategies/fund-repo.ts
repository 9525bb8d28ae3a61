/**
 * Kysely queries on `strategy_fund` and on the fund owner's `users` row; every function takes the
 * pool or a transaction (docs/architecture.md, "The module template").
 */
import type { Executor } from '../../db/executor';
import type { StrategyFundTable } from './tables';
import './tables';

export type FundRow = StrategyFundTable;

export async function fundIds(db: Executor): Promise<string[]> {
  return (await db.selectFrom('strategy_fund').select('id').execute()).map((r) => r.id);
}

export function findFund(db: Executor, id: string): Promise<FundRow | undefined> {
  return db.selectFrom('strategy_fund').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The fund row, locked for the transaction where the database has row locks (PostgreSQL). */
export function lockFund(trx: Executor, rowLocks: boolean, id: string): Promise<FundRow | undefined> {
  let q = trx.selectFrom('strategy_fund').selectAll().where('id', '=', id);
  if (rowLocks) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function fundExists(db: Executor, id: string): Promise<boolean> {
  return (await db.selectFrom('strategy_fund').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Funds not terminated, oldest first (the customer's list), of one kind when asked. */
export function openFunds(db: Executor, kind?: string): Promise<FundRow[]> {
  let q = db.selectFrom('strategy_fund').selectAll().where('status', '!=', 'terminated').orderBy('created_at').orderBy('id');
  if (kind) q = q.where('kind', '=', kind);
  return q.execute();
}

/** Every fund, terminated ones too, oldest first (the admin's list). */
export function allFunds(db: Executor): Promise<FundRow[]> {
  return db.selectFrom('strategy_fund').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** The funds the daily work looks at, by id. */
export function fundsToRun(db: Executor): Promise<FundRow[]> {
  return db.selectFrom('strategy_fund').selectAll().where('status', '!=', 'terminated').orderBy('id').execute();
}

/**
 * The fund's owner row in `users`, so the trading engine can store its positions; it cannot sign
 * in (no phone number, an unusable password hash). Kept when it exists.
 */
export async function insertFundOwner(db: Executor, owner: string, now: number): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: owner, phone: owner, password_hash: '!', invite_code: owner.toUpperCase(), state: 'active', is_admin: 0, created_at: now, updated_at: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A new fund; with `ifAbsent` an existing row of the same id is kept (another instance created it first). */
export async function insertFund(db: Executor, row: FundRow, ifAbsent: boolean): Promise<void> {
  const insert = db.insertInto('strategy_fund').values(row);
  await (ifAbsent ? insert.onConflict((oc) => oc.column('id').doNothing()) : insert).execute();
}

export async function setFundStatus(db: Executor, id: string, status: string, now: number): Promise<void> {
  await db.updateTable('strategy_fund').set({ status, updated_at: now }).where('id', '=', id).execute();
}

export async function setFundFee(db: Executor, id: string, feeBp: number, now: number): Promise<void> {
  await db.updateTable('strategy_fund').set({ fee_bp: feeBp, updated_at: now }).where('id', '=', id).execute();
}

export async function setRebalanced(db: Executor, id: string, day: string, now: number): Promise<void> {
  await db.updateTable('strategy_fund').set({ rebalanced_on: day, updated_at: now }).where('id', '=', id).execute();
}

/** The strike's units outstanding and fees still accrued. */
export async function setFundUnits(db: Executor, id: string, units: number, feeAccrued: number, now: number): Promise<void> {
  await db.updateTable('strategy_fund').set({ units, fee_accrued: feeAccrued, updated_at: now }).where('id', '=', id).execute();
}

export async function setFundTerminated(db: Executor, id: string, day: string): Promise<void> {
  await db.updateTable('strategy_fund').set({ status: 'terminated', ended_on: day }).where('id', '=', id).execute();
}
