/** The recorded agreement to the 信用取引 risk explanation (margin-agreement.ts), one row per user. */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export async function agreementOf(db: Kysely<DB>, userId: string) {
  return db.selectFrom('margin_agreement').select(['version', 'agreed_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** Records `version` at `now`; agreeing again to the same version keeps the first instant. */
export async function recordAgreement(trx: Kysely<DB>, userId: string, version: number, now: number): Promise<void> {
  const row = await trx.selectFrom('margin_agreement').select('version').where('user_id', '=', userId).executeTakeFirst();
  if (!row) {
    await trx.insertInto('margin_agreement').values({ user_id: userId, version, agreed_at: now }).execute();
  } else if (Number(row.version) !== version) {
    await trx.updateTable('margin_agreement').set({ version, agreed_at: now }).where('user_id', '=', userId).execute();
  }
}
