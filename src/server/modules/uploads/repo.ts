import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { UploadTable } from '../../db/schema';

export type UploadRow = Selectable<UploadTable>;

export async function insertUpload(db: Executor, row: UploadRow): Promise<void> {
  await db.insertInto('upload').values(row).execute();
}

export async function findUpload(db: Executor, id: string): Promise<UploadRow | undefined> {
  return db.selectFrom('upload').selectAll().where('id', '=', id).executeTakeFirst();
}
