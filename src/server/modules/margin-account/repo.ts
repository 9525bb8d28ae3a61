import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import { findReviewItem, latestApplication, reviewQueuePage } from '../../platform/review';
import type { MarginAccountApplicationTable } from './tables';

export type ApplicationRow = Selectable<MarginAccountApplicationTable>;
export type QueueRow = ApplicationRow & { phone: string };

/** The user's latest application (trade/margin-agreement-repo.ts reads its status in this same order). */
export async function latestOf(db: Executor, userId: string): Promise<ApplicationRow | undefined> {
  return latestApplication(db, 'margin_account_application', userId);
}

export async function insertApplication(db: Executor, row: ApplicationRow): Promise<void> {
  await db.insertInto('margin_account_application').values(row).execute();
}

/** Serialises one user's applications (two at once cannot both pass the status check). */
export { lockApplicant as lockUser } from '../../platform/review';

export async function findQueueItem(db: Executor, id: string): Promise<QueueRow | undefined> {
  return findReviewItem(db, 'margin_account_application', id);
}

export async function queue(db: Executor, review: string, cursor: string | undefined, limit: number): Promise<QueueRow[]> {
  return reviewQueuePage(db, 'margin_account_application', review, cursor, limit);
}
