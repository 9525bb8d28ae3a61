/**
 * Kysely queries on `trust_order` for the customer's use cases (place, cancel, the order list) and
 * the user's account types read by table name, as trade/account-type-repo.ts does (docs/decisions/022:
 * a hot read of the tax-account area's tables inside the order command). Every function takes the
 * pool or the command's transaction.
 */
import type { Executor } from '../../db/executor';
import type { TrustOrderTable } from './tables';
import './tables';

export type OrderRow = TrustOrderTable;

export async function insertOrder(db: Executor, row: OrderRow): Promise<void> {
  await db.insertInto('trust_order').values(row).execute();
}

/** One of the user's orders (another user's is not found). */
export function findUserOrder(db: Executor, userId: string, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('trust_order').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** pending → cancelled, only if still pending (a strike that filled it first wins). */
export async function markCancelled(db: Executor, id: string): Promise<boolean> {
  const res = await db.updateTable('trust_order').set({ status: 'cancelled', reserved: 0 }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * The user's orders, newest first, after the keyset cursor (ordered_at, id); `open`: pending ones and
 * 解約 struck but not paid yet.
 */
export function ordersOfUser(db: Executor, userId: string, o: { open: boolean; after?: { at: number; id: string }; limit: number }): Promise<OrderRow[]> {
  let q = db.selectFrom('trust_order').selectAll().where('user_id', '=', userId);
  if (o.open) q = q.where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('side', '=', 'sell'), eb('status', '=', 'filled')])]));
  const after = o.after;
  if (after) q = q.where((eb) => eb.or([eb('ordered_at', '<', after.at), eb.and([eb('ordered_at', '=', after.at), eb('id', '<', after.id)])]));
  return q.orderBy('ordered_at', 'desc').orderBy('id', 'desc').limit(o.limit).execute();
}

/** Units in the user's pending 解約 of a fund and account (a sell by 'all' asked for the units free at order). */
export async function pendingSellUnits(db: Executor, userId: string, fundId: string, account: string): Promise<number> {
  const row = await db
    .selectFrom('trust_order')
    .select((eb) => eb.fn.sum<number>('units_asked').as('units'))
    .where('user_id', '=', userId)
    .where('fund_id', '=', fundId)
    .where('account_type', '=', account)
    .where('side', '=', 'sell')
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.units ?? 0);
}

/** Units in every pending 解約 of the user, per fund and account (the holdings list). */
export function pendingSellsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('trust_order')
    .select(['fund_id', 'account_type'])
    .select((eb) => eb.fn.sum<number>('units_asked').as('units'))
    .where('user_id', '=', userId)
    .where('side', '=', 'sell')
    .where('status', '=', 'pending')
    .groupBy(['fund_id', 'account_type'])
    .execute();
}

/**
 * The user's 解約 struck (filled: the proceeds wait for the 受渡日 in trust_settlement) or paid
 * (funds/summary: receivable value and realized results).
 */
export function struckSellsOfUser(db: Executor, userId: string) {
  return db
    .selectFrom('trust_order')
    .select(['fund_id', 'status', 'nav_date', 'value', 'retention', 'book_cost', 'tax', 'paid_at', 'units'])
    .where('user_id', '=', userId)
    .where('side', '=', 'sell')
    .where('status', 'in', ['filled', 'paid'])
    .execute();
}

/** The user's filled orders (buys, reinvested distributions and 解約) struck after `day` (units held at a past day's end). */
export function unitsMovedAfter(db: Executor, userId: string, day: string) {
  return db
    .selectFrom('trust_order')
    .select(['fund_id', 'side', 'units', 'nav_date'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['filled', 'paid'])
    .where('nav_date', '>', day)
    .execute();
}
