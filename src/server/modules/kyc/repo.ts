import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import { findReviewItem, latestApplication, reviewQueuePage } from '../../platform/review';
import type { KycSubmissionTable } from '../../db/schema';

export type KycRow = Selectable<KycSubmissionTable>;
export type KycQueueRow = KycRow & { phone: string };

/** The user's latest submission (account/repo.ts reads its review status in this same order for `user/info`). */
export async function latestOf(db: Executor, userId: string): Promise<KycRow | undefined> {
  return latestApplication(db, 'kyc_submission', userId);
}

/** Every name and kana the user has submitted, distinct (for the password policy's dictionary). */
export async function namesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('kyc_submission').select(['name', 'name_kana']).where('user_id', '=', userId).distinct().execute();
  return [...new Set(rows.flatMap((r) => [r.name, r.name_kana]))];
}

export async function insertSubmission(db: Executor, row: KycRow): Promise<void> {
  await db.insertInto('kyc_submission').values(row).execute();
}

/** Serialises one user's submissions (two at once cannot both pass the status check). */
export { lockApplicant as lockUser } from '../../platform/review';

export async function findQueueItem(db: Executor, id: string): Promise<KycQueueRow | undefined> {
  return findReviewItem(db, 'kyc_submission', id);
}

export async function queue(db: Executor, review: string, cursor: string | undefined, limit: number): Promise<KycQueueRow[]> {
  return reviewQueuePage(db, 'kyc_submission', review, cursor, limit);
}
