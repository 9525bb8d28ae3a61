import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';

/** Kysely queries on `cash_bank_account` and `cash_wallet`; every function takes the pool or a transaction. Live rows only. */

export interface BankAccountRow {
  id: string;
  bank_code: string;
  bank_name: string;
  branch_code: string;
  branch_name: string;
  type: string;
  number: string;
  holder_kana: string;
  created_at: number;
  /** No withdrawal before this instant; null on rows from before the hold (docs/domain.md). */
  usable_at: number | null;
}

export interface WalletRow {
  id: string;
  network: string;
  address: string;
  label: string | null;
  created_at: number;
  usable_at: number | null;
}

/** Serialise a user's edits (PostgreSQL row lock; SQLite writes are serialised already), so the caps hold. */
export async function lockUser(database: Database, trx: Executor, userId: string): Promise<void> {
  if (database.caps.rowLocks) await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
}

const accountColumns = ['id', 'bank_code', 'bank_name', 'branch_code', 'branch_name', 'type', 'number', 'holder_kana', 'created_at', 'usable_at'] as const;

/** PostgreSQL answers bigint columns as strings. */
const instants = <R extends { created_at: number | string; usable_at: number | string | null }>(r: R) => ({
  ...r,
  created_at: Number(r.created_at),
  usable_at: r.usable_at === null ? null : Number(r.usable_at),
});

export async function accountsOf(db: Executor, userId: string): Promise<BankAccountRow[]> {
  const rows = await db
    .selectFrom('cash_bank_account')
    .select(accountColumns)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(instants);
}

/** The live account with these coordinates, whoever holds it. */
export async function accountByNumber(db: Executor, a: { bankCode: string; branchCode: string; type: string; number: string }): Promise<{ user_id: string } | undefined> {
  return db
    .selectFrom('cash_bank_account')
    .select('user_id')
    .where('bank_code', '=', a.bankCode)
    .where('branch_code', '=', a.branchCode)
    .where('type', '=', a.type)
    .where('number', '=', a.number)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertAccount(db: Executor, userId: string, r: BankAccountRow): Promise<void> {
  await db.insertInto('cash_bank_account').values({ ...r, user_id: userId, deleted_at: null }).execute();
}

/** Marks the user's live account removed; false when the user has no such live account. */
export async function deleteAccount(db: Executor, userId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('cash_bank_account')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function walletsOf(db: Executor, userId: string): Promise<WalletRow[]> {
  const rows = await db
    .selectFrom('cash_wallet')
    .select(['id', 'network', 'address', 'label', 'created_at', 'usable_at'])
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(instants);
}

export async function walletByAddress(db: Executor, network: string, address: string): Promise<{ user_id: string } | undefined> {
  return db
    .selectFrom('cash_wallet')
    .select('user_id')
    .where('network', '=', network)
    .where('address', '=', address)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertWallet(db: Executor, userId: string, r: WalletRow): Promise<void> {
  await db.insertInto('cash_wallet').values({ ...r, user_id: userId, deleted_at: null }).execute();
}

export async function deleteWallet(db: Executor, userId: string, id: string, now: number): Promise<boolean> {
  const r = await db
    .updateTable('cash_wallet')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
