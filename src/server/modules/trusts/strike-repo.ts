/**
 * The NAV strike's SQL (docs/domain.md "Investment trusts and 積立"): the catalogue's creation, the
 * fund row locked for a strike, the orders a strike fills, the holdings it changes, the NAV rows it
 * writes. Every function takes the pool or the strike's transaction.
 */
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { TrustFundTable, TrustHoldingTable, TrustNavTable, TrustOrderTable } from './tables';
import './tables';

export type FundRow = TrustFundTable;
export type NavRow = TrustNavTable;
export type OrderRow = TrustOrderTable;
export type HoldingRow = TrustHoldingTable;

/** Creates the funds that do not exist yet (another instance creating the same one first is no error). */
export async function insertFundsIfAbsent(db: Executor, rows: FundRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('trust_fund').values(rows).onConflict((oc) => oc.doNothing()).execute();
}

export async function fundIds(db: Executor): Promise<string[]> {
  return (await db.selectFrom('trust_fund').select('id').execute()).map((r) => r.id);
}

/** Every fund (suspended ones too: a suspension stops orders, not the NAV), by id. */
export function fundsToStrike(db: Executor): Promise<FundRow[]> {
  return db.selectFrom('trust_fund').selectAll().orderBy('id').execute();
}

/** The fund row, locked for the strike's transaction where the database has row locks (PostgreSQL). */
export function lockFund(trx: Executor, rowLocks: boolean, id: string): Promise<FundRow | undefined> {
  let q = trx.selectFrom('trust_fund').selectAll().where('id', '=', id);
  if (rowLocks) q = q.forUpdate();
  return q.executeTakeFirst();
}

export function findFund(db: Executor, id: string): Promise<FundRow | undefined> {
  return db.selectFrom('trust_fund').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The earliest NAV date among the fund's pending orders up to `upTo` (null: none). */
export async function firstPendingNavDate(db: Executor, fundId: string, upTo: string): Promise<string | null> {
  const row = await db
    .selectFrom('trust_order')
    .select('nav_date')
    .where('fund_id', '=', fundId)
    .where('status', '=', 'pending')
    .where('nav_date', '<=', upTo)
    .orderBy('nav_date')
    .limit(1)
    .executeTakeFirst();
  return row?.nav_date ?? null;
}

/** The fund's pending orders whose NAV date is `day` or earlier, in the order they were placed. */
export function pendingOrdersUpTo(db: Executor, fundId: string, day: string): Promise<OrderRow[]> {
  return db
    .selectFrom('trust_order')
    .selectAll()
    .where('fund_id', '=', fundId)
    .where('status', '=', 'pending')
    .where('nav_date', '<=', day)
    .orderBy('ordered_at')
    .orderBy('id')
    .execute();
}

/** pending → filled with its figures; false when it is not pending any more (cancelled first). */
export async function fillOrder(db: Executor, id: string, set: Partial<OrderRow>): Promise<boolean> {
  const res = await db.updateTable('trust_order').set({ ...set, status: 'filled', reserved: 0 }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** pending → failed with its reason (a buy's reserve returns in the same transaction). */
export async function failOrder(db: Executor, id: string, reason: string): Promise<boolean> {
  const res = await db.updateTable('trust_order').set({ status: 'failed', reserved: 0, reason }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function insertOrder(db: Executor, row: OrderRow): Promise<void> {
  await db.insertInto('trust_order').values(row).execute();
}

/** Holders of record: every holding of the fund with units, in a fixed order. */
export function holdersOf(db: Executor, fundId: string): Promise<HoldingRow[]> {
  return db.selectFrom('trust_holding').selectAll().where('fund_id', '=', fundId).where('units', '>', 0).orderBy('user_id').orderBy('account_type').execute();
}

export function findHolding(db: Executor, userId: string, fundId: string, account: string): Promise<HoldingRow | undefined> {
  return db.selectFrom('trust_holding').selectAll().where('user_id', '=', userId).where('fund_id', '=', fundId).where('account_type', '=', account).executeTakeFirst();
}

/** Adds to a holding (created at the first purchase). */
export async function addToHolding(db: Executor, key: { userId: string; fundId: string; account: string }, add: { units: number; principal: number; bookCost: number }, now: number): Promise<void> {
  await db
    .insertInto('trust_holding')
    .values({ user_id: key.userId, fund_id: key.fundId, account_type: key.account, units: add.units, principal: add.principal, book_cost: add.bookCost, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'fund_id', 'account_type']).doUpdateSet({
        units: sql`trust_holding.units + ${add.units}`,
        principal: sql`trust_holding.principal + ${add.principal}`,
        book_cost: sql`trust_holding.book_cost + ${add.bookCost}`,
        updated_at: now,
      }),
    )
    .execute();
}

/** A holding's new figures (a 解約 or a distribution changed them). */
export async function setHolding(db: Executor, h: Pick<HoldingRow, 'user_id' | 'fund_id' | 'account_type' | 'units' | 'principal' | 'book_cost'>, now: number): Promise<void> {
  await db
    .updateTable('trust_holding')
    .set({ units: h.units, principal: h.principal, book_cost: h.book_cost, updated_at: now })
    .where('user_id', '=', h.user_id)
    .where('fund_id', '=', h.fund_id)
    .where('account_type', '=', h.account_type)
    .execute();
}

/** NAV rows, many at once (a catch-up), in chunks that stay under both databases' bind-parameter limits. */
export async function insertNavRows(db: Executor, rows: NavRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('trust_nav').values(rows.slice(i, i + 500)).execute();
}

/** The fund's figures after a strike. */
export async function setFundStruck(
  db: Executor,
  id: string,
  s: Pick<FundRow, 'assets' | 'units' | 'fee_carry' | 'last_nav' | 'last_tr' | 'last_date'>,
  now: number,
): Promise<void> {
  await db.updateTable('trust_fund').set({ ...s, updated_at: now }).where('id', '=', id).execute();
}
