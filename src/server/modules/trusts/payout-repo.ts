/**
 * The 解約 payouts' SQL (docs/domain.md "Investment trusts and 積立"): struck sells whose 受渡日 has
 * come, and marking one paid. Every function takes the pool or the payout's transaction.
 */
import type { Executor } from '../../db/executor';
import type { TrustOrderTable } from './tables';
import './tables';

/** Struck 解約 (status 'filled') whose 受渡日 is `today` or earlier, oldest first. */
export function dueSells(db: Executor, today: string): Promise<Pick<TrustOrderTable, 'id' | 'user_id'>[]> {
  return db
    .selectFrom('trust_order')
    .select(['id', 'user_id'])
    .where('status', '=', 'filled')
    .where('side', '=', 'sell')
    .where('settle_date', '<=', today)
    .orderBy('settle_date')
    .orderBy('id')
    .execute();
}

export function findOrder(db: Executor, id: string): Promise<TrustOrderTable | undefined> {
  return db.selectFrom('trust_order').selectAll().where('id', '=', id).executeTakeFirst();
}

/** filled → paid with the tax withheld (+) or refunded (−); false when it was paid already. */
export async function markPaid(db: Executor, id: string, tax: number, now: number): Promise<boolean> {
  const res = await db.updateTable('trust_order').set({ status: 'paid', tax, paid_at: now }).where('id', '=', id).where('status', '=', 'filled').executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
