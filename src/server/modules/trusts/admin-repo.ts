/**
 * The back office's SQL on the investment-trust tables (docs/domain.md "Investment trusts and 積立"):
 * the catalogue with its strike and order figures, a fund's last strikes, and the two admin changes
 * (fees / designation, open / suspended); the catalogue's rows themselves are read with fund-repo.ts.
 * Every function takes the pool or the command's transaction.
 */
import type { Executor } from '../../db/executor';
import type { TrustFundTable, TrustNavTable } from './tables';
import './tables';

export type TrustNavRowDb = TrustNavTable;

/** The fund row, locked for the transaction where the database has row locks (PostgreSQL); the strike locks the same row. */
export function lockFund(trx: Executor, rowLocks: boolean, id: string): Promise<TrustFundTable | undefined> {
  let q = trx.selectFrom('trust_fund').selectAll().where('id', '=', id);
  if (rowLocks) q = q.forUpdate();
  return q.executeTakeFirst();
}

export type FundTermsPatch = Partial<Pick<TrustFundTable, 'trust_fee_ppm' | 'purchase_fee_ppm' | 'retention_ppm' | 'designated_index'>>;

export async function updateFundTerms(trx: Executor, id: string, patch: FundTermsPatch, now: number): Promise<void> {
  await trx.updateTable('trust_fund').set({ ...patch, updated_at: now }).where('id', '=', id).execute();
}

export async function setFundStatus(trx: Executor, id: string, status: 'open' | 'suspended', reason: string | null, now: number): Promise<void> {
  await trx.updateTable('trust_fund').set({ status, status_reason: reason, updated_at: now }).where('id', '=', id).execute();
}

/** A fund's last `limit` strikes, newest first. */
export function lastNavs(db: Executor, fundId: string, limit: number): Promise<TrustNavRowDb[]> {
  return db.selectFrom('trust_nav').selectAll().where('fund_id', '=', fundId).orderBy('date', 'desc').limit(limit).execute();
}

/** When each fund's latest strike was made (instant). */
export async function lastStruckAt(db: Executor, fundId?: string): Promise<Map<string, number>> {
  let q = db.selectFrom('trust_nav').select((eb) => ['fund_id', eb.fn.max('struck_at').as('at')]);
  if (fundId !== undefined) q = q.where('fund_id', '=', fundId);
  const rows = await q.groupBy('fund_id').execute();
  return new Map(rows.map((r) => [r.fund_id, Number(r.at)]));
}

/** Pending orders per fund: how many, and the yen their buys hold frozen. */
export async function pendingOrders(db: Executor, fundId?: string): Promise<Map<string, { count: number; reserved: number }>> {
  let q = db
    .selectFrom('trust_order')
    .select((eb) => ['fund_id', eb.fn.countAll<number | string>().as('n'), eb.fn.sum<number | string>('reserved').as('reserved')])
    .where('status', '=', 'pending');
  if (fundId !== undefined) q = q.where('fund_id', '=', fundId);
  const rows = await q.groupBy('fund_id').execute();
  return new Map(rows.map((r) => [r.fund_id, { count: Number(r.n), reserved: Number(r.reserved ?? 0) }]));
}

/** How many holdings of the fund hold units now (a change of terms then concerns holders). */
export async function holderCount(db: Executor, fundId: string): Promise<number> {
  const row = await db
    .selectFrom('trust_holding')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('fund_id', '=', fundId)
    .where('units', '>', 0)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
