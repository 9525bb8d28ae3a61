import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Capabilities } from '../../db/capabilities';
import type { UploadTable } from '../../db/schema';
import type { UploadUsage } from './rules';

export type UploadRow = Selectable<UploadTable>;

export async function insertUpload(db: Executor, row: UploadRow): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

export async function findUpload(db: Executor, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Serialises one user's uploads until the transaction ends, so the quota read after it counts every
 * upload committed before (docs/domain.md "Uploads"). PostgreSQL: the user's row, locked FOR NO KEY
 * UPDATE (the lock every instance sharing the database waits on; it does not block the key-share
 * locks of rows that reference the user). SQLite runs one transaction at a time and needs none.
 */
export async function lockOwner(db: Executor, caps: Capabilities, userId: string): Promise<void> {
  if (!caps.rowLocks) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
}

/** The user's uploads since `dayStart` (count and bytes) and their bytes in all, from the rows (index upload_user). */
export async function usageOf(db: Executor, userId: string, dayStart: number): Promise<UploadUsage> {
  const row = await db
    .selectFrom('upload')
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when('created_at', '>=', dayStart).then(eb.lit(1)).else(eb.lit(0)).end()).as('day_count'),
      eb.fn.sum<number | string | null>(eb.case().when('created_at', '>=', dayStart).then(eb.ref('size')).else(eb.lit(0)).end()).as('day_bytes'),
      eb.fn.sum<number | string | null>('size').as('stored_bytes'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { dayCount: Number(row?.day_count ?? 0), dayBytes: Number(row?.day_bytes ?? 0), storedBytes: Number(row?.stored_bytes ?? 0) };
}
