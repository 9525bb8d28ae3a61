import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Capabilities } from '../../db/capabilities';

export interface ConfigRow {
  name: string;
  value: unknown;
}

export async function readAll(db: Kysely<DB>): Promise<ConfigRow[]> {
  const rows = await db.selectFrom('config').select(['name', 'value_json']).execute();
  return rows.map((r) => ({ name: r.name, value: JSON.parse(r.value_json) as unknown }));
}

export async function readOne(db: Executor, name: string): Promise<unknown> {
  const row = await db.selectFrom('config').select('value_json').where('name', '=', name).executeTakeFirst();
  return row ? (JSON.parse(row.value_json) as unknown) : undefined;
}

/** Current values of `names`, their rows locked (in name order) until the transaction ends. */
export async function readLocked(db: Executor, caps: Capabilities, names: string[]): Promise<Map<string, unknown>> {
  let q = db.selectFrom('config').select(['name', 'value_json']).where('name', 'in', [...new Set(names)]).orderBy('name');
  if (caps.rowLocks) q = q.forUpdate();
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.name, JSON.parse(r.value_json) as unknown]));
}

/** Insert only names that are missing: a restart never overwrites what an admin set. */
export async function insertMissing(db: Executor, items: ConfigRow[], now: number): Promise<void> {
  for (const item of items) {
    await db
      .insertInto('config')
      .values({ name: item.name, value_json: JSON.stringify(item.value), updated_at: now, updated_by: null })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
}

export async function upsert(db: Executor, item: ConfigRow, now: number, by: string): Promise<void> {
  const value_json = JSON.stringify(item.value);
  await db
    .insertInto('config')
    .values({ name: item.name, value_json, updated_at: now, updated_by: by })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value_json, updated_at: now, updated_by: by }))
    .execute();
}
