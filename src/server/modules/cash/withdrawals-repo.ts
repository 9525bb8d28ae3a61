import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { CashWithdrawalTable } from '../../db/schema';

/** Kysely queries on `cash_withdrawal`; every function takes the pool or a transaction. */

export type WithdrawalRow = Selectable<CashWithdrawalTable>;

/** A destination row, live or deleted (a withdrawal names where it went even after removal). */
export interface DestinationRow {
  bank: { id: string; bank_code: string; bank_name: string; branch_code: string; branch_name: string; type: string; number: string; holder_kana: string } | null;
  wallet: { id: string; network: string; address: string } | null;
}

function normalise(r: WithdrawalRow): WithdrawalRow {
  return {
    ...r,
    amount: Number(r.amount),
    created_at: Number(r.created_at),
    cancelled_at: r.cancelled_at === null ? null : Number(r.cancelled_at),
    reviewed_at: r.reviewed_at === null ? null : Number(r.reviewed_at),
  };
}

export async function insert(db: Executor, row: WithdrawalRow): Promise<void> {
  await db.insertInto('cash_withdrawal').values(row).execute();
}

export async function find(db: Executor, id: string): Promise<WithdrawalRow | undefined> {
  const r = await db.selectFrom('cash_withdrawal').selectAll().where('id', '=', id).executeTakeFirst();
  return r ? normalise(r) : undefined;
}

/** The user's own row; another user's id is not found. */
export async function findOwn(db: Executor, userId: string, id: string): Promise<WithdrawalRow | undefined> {
  const r = await db.selectFrom('cash_withdrawal').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return r ? normalise(r) : undefined;
}

export async function hasPending(db: Executor, userId: string): Promise<boolean> {
  const r = await db.selectFrom('cash_withdrawal').select('id').where('user_id', '=', userId).where('status', '=', 'pending').executeTakeFirst();
  return r !== undefined;
}

export async function ofUser(db: Executor, userId: string, limit = 100): Promise<WithdrawalRow[]> {
  const rows = await db.selectFrom('cash_withdrawal').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map(normalise);
}

export async function byStatus(db: Executor, status: string, limit: number): Promise<(WithdrawalRow & { phone: string })[]> {
  const rows = await db
    .selectFrom('cash_withdrawal')
    .innerJoin('users', 'users.id', 'cash_withdrawal.user_id')
    .selectAll('cash_withdrawal')
    .select('users.phone')
    .where('cash_withdrawal.status', '=', status)
    .orderBy('cash_withdrawal.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...normalise(r), phone: r.phone }));
}

export async function phoneOf(db: Executor, userId: string): Promise<string> {
  const r = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst();
  return r?.phone ?? '';
}

/** `usable_at` as a number (PostgreSQL answers bigint as a string); null on rows from before the hold. */
const withHold = <R extends { usable_at: number | string | null }>(r: R | undefined) =>
  r && { ...r, usable_at: r.usable_at === null ? null : Number(r.usable_at) };

/** The user's live bank account, if it is theirs, with the end of its hold. */
export async function liveBankAccount(db: Executor, userId: string, id: string) {
  const r = await db
    .selectFrom('cash_bank_account')
    .select(['id', 'bank_code', 'bank_name', 'branch_code', 'branch_name', 'type', 'number', 'holder_kana', 'usable_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return withHold(r);
}

/** The user's live wallet, if it is theirs, with the end of its hold. */
export async function liveWallet(db: Executor, userId: string, id: string) {
  const r = await db
    .selectFrom('cash_wallet')
    .select(['id', 'network', 'address', 'usable_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return withHold(r);
}

export async function destinationOf(db: Executor, r: Pick<WithdrawalRow, 'bank_account_id' | 'wallet_id'>): Promise<DestinationRow> {
  const bank = r.bank_account_id
    ? ((await db
        .selectFrom('cash_bank_account')
        .select(['id', 'bank_code', 'bank_name', 'branch_code', 'branch_name', 'type', 'number', 'holder_kana'])
        .where('id', '=', r.bank_account_id)
        .executeTakeFirst()) ?? null)
    : null;
  const wallet = r.wallet_id
    ? ((await db.selectFrom('cash_wallet').select(['id', 'network', 'address']).where('id', '=', r.wallet_id).executeTakeFirst()) ?? null)
    : null;
  return { bank, wallet };
}

/** Moves a pending row to `cancelled` (it leaves the review queue); false when it is no longer pending. */
export async function markCancelled(db: Executor, id: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('cash_withdrawal')
    .set({ status: 'cancelled', review_status: 'cancelled', cancelled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('review_status', '=', 'pending')
    .executeTakeFirst();
  return res.numUpdatedRows === 1n;
}

export async function setStatus(db: Executor, id: string, status: 'paid' | 'returned'): Promise<void> {
  await db.updateTable('cash_withdrawal').set({ status }).where('id', '=', id).execute();
}
