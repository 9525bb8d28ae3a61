/**
 * The review status of the user's latest 信用取引口座 application (margin-agreement.ts), read by
 * table name in the order's transaction (decision 022: a hot read of another area's column); the
 * same order as margin-account/repo.ts `latestOf`.
 */
import type { Executor } from '../../db/executor';

export async function latestMarginReview(db: Executor, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('margin_account_application')
    .select('review_status')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.review_status ?? null;
}
