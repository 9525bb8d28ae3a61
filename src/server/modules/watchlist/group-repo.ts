import type { Executor } from '../../db/executor';

/** Kysely queries on `watchlist_group` and `watchlist_group_item`; every function takes the pool or a transaction. */

export interface GroupRow {
  id: string;
  name: string;
  position: number;
}

export async function groupsOf(db: Executor, userId: string): Promise<GroupRow[]> {
  const rows = await db
    .selectFrom('watchlist_group')
    .select(['id', 'name', 'position'])
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, position: Number(r.position) }));
}

/** The user's group `id`, or undefined (another user's group is as missing as one that never was). */
export async function groupOf(db: Executor, userId: string, id: string): Promise<GroupRow | undefined> {
  const r = await db.selectFrom('watchlist_group').select(['id', 'name', 'position']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return r ? { id: r.id, name: r.name, position: Number(r.position) } : undefined;
}

/** Codes of every group of the user, in each group's order. */
export async function groupCodesOf(db: Executor, userId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom('watchlist_group_item as i')
    .innerJoin('watchlist_group as g', 'g.id', 'i.group_id')
    .select(['i.group_id', 'i.code'])
    .where('g.user_id', '=', userId)
    .orderBy('i.group_id')
    .orderBy('i.position')
    .orderBy('i.code')
    .execute();
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.group_id) ?? [];
    list.push(r.code);
    out.set(r.group_id, list);
  }
  return out;
}

export async function itemCodes(db: Executor, groupId: string): Promise<string[]> {
  const rows = await db.selectFrom('watchlist_group_item').select('code').where('group_id', '=', groupId).orderBy('position').orderBy('code').execute();
  return rows.map((r) => r.code);
}

export async function insertGroup(db: Executor, g: { id: string; userId: string; name: string; position: number; now: number }): Promise<void> {
  await db.insertInto('watchlist_group').values({ id: g.id, user_id: g.userId, name: g.name, position: g.position, created_at: g.now }).execute();
}

export async function renameGroup(db: Executor, id: string, name: string): Promise<void> {
  await db.updateTable('watchlist_group').set({ name }).where('id', '=', id).execute();
}

export async function setGroupPosition(db: Executor, id: string, position: number): Promise<void> {
  await db.updateTable('watchlist_group').set({ position }).where('id', '=', id).execute();
}

/** Entries first: the cascade is declared, but deleting them explicitly does not depend on it. */
export async function deleteGroup(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('watchlist_group_item').where('group_id', '=', id).execute();
  await db.deleteFrom('watchlist_group').where('id', '=', id).execute();
}

export async function insertItem(db: Executor, groupId: string, code: string, position: number, now: number): Promise<void> {
  await db.insertInto('watchlist_group_item').values({ group_id: groupId, code, position, added_at: now }).execute();
}

export async function removeItem(db: Executor, groupId: string, code: string): Promise<boolean> {
  const res = await db.deleteFrom('watchlist_group_item').where('group_id', '=', groupId).where('code', '=', code).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function setItemPosition(db: Executor, groupId: string, code: string, position: number): Promise<void> {
  await db.updateTable('watchlist_group_item').set({ position }).where('group_id', '=', groupId).where('code', '=', code).execute();
}

/** The group's highest item position (null when it has no items). */
export async function topItemPosition(db: Executor, groupId: string) {
  const row = await db
    .selectFrom('watchlist_group_item')
    .select((eb) => eb.fn.max('position').as('top'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row?.top;
}
