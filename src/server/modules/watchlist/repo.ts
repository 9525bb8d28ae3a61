import { sql } from 'kysely';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';

/** Kysely queries on `watchlist`; every function takes the pool or a transaction. */

export async function codesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('watchlist')
    .select('code')
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code);
}

/** Serialise one user's watchlist edits. SQLite transactions are already serial; PostgreSQL locks the user's row. */
export async function lockUser(database: Database, trx: Executor, userId: string): Promise<void> {
  if (database.caps.rowLocks) {
    await sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`.execute(trx);
  }
}

/** At the end: one past the highest position (positions have gaps after removals). */
export async function append(db: Executor, userId: string, code: string, now: number): Promise<void> {
  const row = await db
    .selectFrom('watchlist')
    .select((eb) => eb.fn.max('position').as('top'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const top = row?.top ?? null;
  const position = top === null ? 0 : Number(top) + 1;
  await db.insertInto('watchlist').values({ user_id: userId, code, position, added_at: now }).execute();
}

export async function removeOne(db: Executor, userId: string, code: string): Promise<boolean> {
  const res = await db.deleteFrom('watchlist').where('user_id', '=', userId).where('code', '=', code).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function setPosition(db: Executor, userId: string, code: string, position: number): Promise<void> {
  await db.updateTable('watchlist').set({ position }).where('user_id', '=', userId).where('code', '=', code).execute();
}
