import type { Executor } from '../../db/executor';
import { statement } from '../../db/compiled-statement';
import type { MessageTable, NewsItemTable, PriceAlertTable, PushSubscriptionTable, SupportMessageTable, SupportThreadTable } from './tables';
import './tables';

export type MessageRow = MessageTable;
export type NewsRow = NewsItemTable;
export type ThreadRow = SupportThreadTable;
export type ChatRow = SupportMessageTable;
export type AlertRow = PriceAlertTable;
export type PushRow = PushSubscriptionTable;

export async function messagesOf(db: Executor, userId: string, cursor: string | undefined, limit: number): Promise<MessageRow[]> {
  let q = db.selectFrom('message').selectAll().where('user_id', '=', userId);
  if (cursor) q = q.where('id', '<', cursor);
  return q.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function unreadMessages(db: Executor, userId: string): Promise<number> {
  const r = await db.selectFrom('message').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function markRead(db: Executor, userId: string, id: string | null, at: number): Promise<number> {
  let q = db.updateTable('message').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (id) q = q.where('id', '=', id);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function messageOf(db: Executor, userId: string, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('message').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function newsPage(db: Executor, o: { category?: string; code?: string; cursor?: string; limit: number }): Promise<NewsRow[]> {
  let q = db.selectFrom('news_item').selectAll();
  if (o.category) q = q.where('category', '=', o.category);
  if (o.code) q = q.where('code', '=', o.code);
  if (o.cursor) q = q.where('id', '<', o.cursor);
  return q.orderBy('id', 'desc').limit(o.limit + 1).execute();
}

export async function newsOf(db: Executor, id: string): Promise<NewsRow | undefined> {
  return db.selectFrom('news_item').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts unless the dedupe key exists; true when inserted. */
export async function insertNews(db: Executor, row: NewsRow): Promise<boolean> {
  const r = await db.insertInto('news_item').values(row).onConflict((oc) => oc.column('dedupe_key').doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function threadOfUser(db: Executor, userId: string): Promise<ThreadRow | undefined> {
  return db.selectFrom('support_thread').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function threadById(db: Executor, id: string): Promise<ThreadRow | undefined> {
  return db.selectFrom('support_thread').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function ensureThread(db: Executor, userId: string, id: string, at: number): Promise<ThreadRow> {
  await db
    .insertInto('support_thread')
    .values({ id, user_id: userId, last_at: at, user_unread: 0, staff_unread: 0, created_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await threadOfUser(db, userId))!;
}

export async function chatPage(db: Executor, threadId: string, before: string | undefined, limit: number): Promise<ChatRow[]> {
  let q = db.selectFrom('support_message').selectAll().where('thread_id', '=', threadId);
  if (before) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function insertChat(db: Executor, row: ChatRow): Promise<void> {
  await db.insertInto('support_message').values(row).execute();
}

/** A new line in the thread: the other side's unread count grows by one. */
export async function bumpThread(db: Executor, id: string, author: 'user' | 'staff', at: number): Promise<void> {
  await db
    .updateTable('support_thread')
    .set((eb) => (author === 'user' ? { last_at: at, staff_unread: eb('staff_unread', '+', 1) } : { last_at: at, user_unread: eb('user_unread', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function clearUnread(db: Executor, id: string, side: 'user' | 'staff'): Promise<void> {
  await db.updateTable('support_thread').set(side === 'user' ? { user_unread: 0 } : { staff_unread: 0 }).where('id', '=', id).execute();
}

export interface ThreadSummaryRow extends ThreadRow {
  phone: string;
}

export async function threadsPage(db: Executor, cursor: string | undefined, limit: number): Promise<ThreadSummaryRow[]> {
  let q = db.selectFrom('support_thread').innerJoin('users', 'users.id', 'support_thread.user_id').selectAll('support_thread').select('users.phone');
  if (cursor) {
    const [lastAt, id] = cursor.split('_');
    q = q.where((eb) => eb.or([eb('support_thread.last_at', '<', Number(lastAt)), eb.and([eb('support_thread.last_at', '=', Number(lastAt)), eb('support_thread.id', '<', id ?? '')])]));
  }
  return q.orderBy('support_thread.last_at', 'desc').orderBy('support_thread.id', 'desc').limit(limit + 1).execute();
}

export async function threadSummary(db: Executor, id: string): Promise<ThreadSummaryRow | undefined> {
  return db.selectFrom('support_thread').innerJoin('users', 'users.id', 'support_thread.user_id').selectAll('support_thread').select('users.phone').where('support_thread.id', '=', id).executeTakeFirst();
}

export async function lastChat(db: Executor, threadId: string): Promise<ChatRow | undefined> {
  return db.selectFrom('support_message').selectAll().where('thread_id', '=', threadId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function alertsOf(db: Executor, userId: string, code?: string): Promise<AlertRow[]> {
  let q = db.selectFrom('price_alert').selectAll().where('user_id', '=', userId);
  if (code) q = q.where('code', '=', code);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countAlerts(db: Executor, userId: string): Promise<number> {
  const r = await db.selectFrom('price_alert').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function activeAlerts(db: Executor): Promise<AlertRow[]> {
  return db.selectFrom('price_alert').selectAll().where('fired_at', 'is', null).execute();
}

/** Fires an alert once: true only for the run whose update took it from waiting to fired. */
export async function fireAlert(db: Executor, id: string, at: number, value: number): Promise<boolean> {
  const r = await db.updateTable('price_alert').set({ fired_at: at, fired_value: value }).where('id', '=', id).where('fired_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function pushOf(db: Executor, userId: string): Promise<PushRow[]> {
  return db.selectFrom('push_subscription').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

/** The message insert, compiled once per database: every filled order writes one (db/compiled-statement.ts). */
export const insertMessage = statement(
  (db, id: string, userId: string, kind: string, params: string, dedupeKey: string | null, at: number) =>
    db
      .insertInto('message')
      .values({ id, user_id: userId, kind, params_json: params, dedupe_key: dedupeKey, read_at: null, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing()),
  6,
);

/** The user's row locked (FOR UPDATE), so their alerts are counted by one transaction at a time. */
export async function lockUser(db: Executor, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function insertAlert(db: Executor, row: AlertRow): Promise<void> {
  await db.insertInto('price_alert').values(row).execute();
}

/** Deletes the user's own alert; false when there is none with that id. */
export async function deleteAlert(db: Executor, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('price_alert').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Stores the secret unless one of that name exists (the first insert wins), then reads the kept value. */
export async function keepFirstSecret(db: Executor, name: string, value: string, at: number): Promise<string> {
  await db.insertInto('server_secret').values({ name, value, created_at: at }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export async function deletePushByEndpoint(db: Executor, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('endpoint', '=', endpoint).execute();
}

export async function insertPush(db: Executor, row: PushRow): Promise<void> {
  await db.insertInto('push_subscription').values(row).execute();
}

export async function deletePushes(db: Executor, ids: readonly string[]): Promise<void> {
  await db.deleteFrom('push_subscription').where('id', 'in', ids).execute();
}

export async function deletePush(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('push_subscription').where('id', '=', id).execute();
}

/** Deletes the user's subscription of that endpoint; false when there was none. */
export async function deletePushOf(db: Executor, userId: string, endpoint: string): Promise<boolean> {
  const r = await db.deleteFrom('push_subscription').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
