import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import { findReviewItem, latestApplication, reviewQueuePage } from '../../platform/review';
import type { NisaApplicationTable, TaxAccountTable } from './tables';

export type TaxAccountRow = Selectable<TaxAccountTable>;
export type NisaRow = Selectable<NisaApplicationTable>;
export type NisaQueueRow = NisaRow & { phone: string };

/** The user's 特定口座 choice; none: 特定 with withholding (docs/domain.md "Account types and NISA"). */
export async function settingsOf(db: Executor, userId: string): Promise<TaxAccountRow | undefined> {
  return db.selectFrom('tax_account').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts the user's choice, or replaces it (created_at kept). */
export async function saveSettings(db: Executor, userId: string, flags: { specific: number; withholding: number }, at: number): Promise<void> {
  await db
    .insertInto('tax_account')
    .values({ user_id: userId, ...flags, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...flags, updated_at: at }))
    .execute();
}

/**
 * Whether a 特定口座 sale or dividend was booked in [from, to) (journal_entry.tax_account, written by
 * trade's settlement and dividend paths, and by the trusts' 解約 payouts and 普通分配金).
 */
export async function specificActivityBetween(db: Executor, userId: string, from: number, to: number): Promise<boolean> {
  const row = await db
    .selectFrom('journal_entry')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', 'in', ['trade_close', 'dividend', 'trust_redemption', 'trust_distribution'])
    .where('tax_account', '=', 'specific')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The latest year among `years` with a 特定 netting row of the user (trade's trade_tax_year_account), or null. */
export async function latestSpecificTaxYear(db: Executor, userId: string, years: number[]): Promise<number | null> {
  const row = await db
    .selectFrom('trade_tax_year_account')
    .select((eb) => eb.fn.max('year').as('year'))
    .where('user_id', '=', userId)
    .where('account', '=', 'specific')
    .where('year', 'in', years)
    .executeTakeFirst();
  return row?.year == null ? null : Number(row.year);
}

/** The user's latest NISA application (trade/account-type-repo.ts reads its status in this same order). */
export async function latestNisaOf(db: Executor, userId: string): Promise<NisaRow | undefined> {
  return latestApplication(db, 'nisa_application', userId);
}

export async function insertNisa(db: Executor, row: NisaRow): Promise<void> {
  await db.insertInto('nisa_application').values(row).execute();
}

/** Serialises one user's applications and choices (two at once cannot both pass the checks). */
export { lockApplicant as lockUser } from '../../platform/review';

export async function findNisaQueueItem(db: Executor, id: string): Promise<NisaQueueRow | undefined> {
  return findReviewItem(db, 'nisa_application', id);
}

export async function nisaQueue(db: Executor, review: string, cursor: string | undefined, limit: number): Promise<NisaQueueRow[]> {
  return reviewQueuePage(db, 'nisa_application', review, cursor, limit);
}

/** Users with an approved NISA application (an approved one is always the latest: no application follows it). */
export async function nisaUsers(db: Executor): Promise<string[]> {
  const rows = await db.selectFrom('nisa_application').select('user_id').distinct().where('review_status', '=', 'approved').orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

