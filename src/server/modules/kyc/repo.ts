import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { KycSubmissionTable } from '../../db/schema';

export type KycRow = Selectable<KycSubmissionTable>;
export type KycQueueRow = KycRow & { phone: string };

/** The user's latest submission (account/repo.ts reads its review status in this same order for `user/info`). */
export async function latestOf(db: Executor, userId: string): Promise<KycRow | undefined> {
  return db
    .selectFrom('kyc_submission')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Every name and kana the user has submitted, distinct (for the password policy's dictionary). */
export async function namesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('kyc_submission').select(['name', 'name_kana']).where('user_id', '=', userId).distinct().execute();
  return [...new Set(rows.flatMap((r) => [r.name, r.name_kana]))];
}

export async function insertSubmission(db: Executor, row: KycRow): Promise<void> {
  await db.insertInto('kyc_submission').values(row).execute();
}

/**
 * Serialises one user's submissions: an UPDATE that changes nothing takes the row lock in
 * PostgreSQL and the write lock in SQLite, so two submissions at once cannot both pass the
 * status check.
 */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
}

export async function findQueueItem(db: Executor, id: string): Promise<KycQueueRow | undefined> {
  return db
    .selectFrom('kyc_submission as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select('u.phone')
    .where('k.id', '=', id)
    .executeTakeFirst();
}

/** Pending: oldest first (a queue); decided: newest first. The cursor is the last id seen. */
export async function queue(db: Executor, review: string, cursor: string | undefined, limit: number): Promise<KycQueueRow[]> {
  const oldestFirst = review === 'pending';
  let q = db
    .selectFrom('kyc_submission as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .selectAll('k')
    .select('u.phone')
    .where('k.review_status', '=', review)
    .orderBy('k.id', oldestFirst ? 'asc' : 'desc')
    .limit(limit + 1);
  if (cursor) q = q.where('k.id', oldestFirst ? '>' : '<', cursor);
  return q.execute();
}
