import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { MarginAccountApplicationTable } from './tables';

export type ApplicationRow = Selectable<MarginAccountApplicationTable>;
export type QueueRow = ApplicationRow & { phone: string };

/** The user's latest application (trade/margin-agreement-repo.ts reads its status in this same order). */
export async function latestOf(db: Executor, userId: string): Promise<ApplicationRow | undefined> {
  return db
    .selectFrom('margin_account_application')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertApplication(db: Executor, row: ApplicationRow): Promise<void> {
  await db.insertInto('margin_account_application').values(row).execute();
}

/** Serialises one user's applications (an UPDATE that changes nothing locks the row, as kyc/repo.ts does). */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
}

export async function findQueueItem(db: Executor, id: string): Promise<QueueRow | undefined> {
  return db
    .selectFrom('margin_account_application as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select('u.phone')
    .where('m.id', '=', id)
    .executeTakeFirst();
}

/** Pending: oldest first (a queue); decided: newest first. The cursor is the last id seen. */
export async function queue(db: Executor, review: string, cursor: string | undefined, limit: number): Promise<QueueRow[]> {
  const oldestFirst = review === 'pending';
  let q = db
    .selectFrom('margin_account_application as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .selectAll('m')
    .select('u.phone')
    .where('m.review_status', '=', review)
    .orderBy('m.id', oldestFirst ? 'asc' : 'desc')
    .limit(limit + 1);
  if (cursor) q = q.where('m.id', oldestFirst ? '>' : '<', cursor);
  return q.execute();
}
