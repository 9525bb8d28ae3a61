import type { Executor } from '../../db/executor';
import { mdb, type MessageTable, type NewsItemTable, type PriceAlertTable, type PushSubscriptionTable, type SupportMessageTable, type SupportThreadTable } from './tables';

export type MessageRow = MessageTable;
export type NewsRow = NewsItemTable;
export type ThreadRow = SupportThreadTable;
export type ChatRow = SupportMessageTable;
export type AlertRow = PriceAlertTable;
export type PushRow = PushSubscriptionTable;

export async function messagesOf(db: Executor, userId: string, cursor: string | undefined, limit: number): Promise<MessageRow[]> {
  let q = mdb(db).selectFrom('message').selectAll().where('user_id', '=', userId);
  if (cursor) q = q.where('id', '<', cursor);
  return q.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function unreadMessages(db: Executor, userId: string): Promise<number> {
  const r = await mdb(db).selectFrom('message').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function markRead(db: Executor, userId: string, id: string | null, at: number): Promise<number> {
  let q = mdb(db).updateTable('message').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null);
  if (id) q = q.where('id', '=', id);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function messageOf(db: Executor, userId: string, id: string): Promise<MessageRow | undefined> {
  return mdb(db).selectFrom('message').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function newsPage(db: Executor, o: { category?: string; code?: string; cursor?: string; limit: number }): Promise<NewsRow[]> {
  let q = mdb(db).selectFrom('news_item').selectAll();
  if (o.category) q = q.where('category', '=', o.category);
  if (o.code) q = q.where('code', '=', o.code);
  if (o.cursor) q = q.where('id', '<', o.cursor);
  return q.orderBy('id', 'desc').limit(o.limit + 1).execute();
}

export async function newsOf(db: Executor, id: string): Promise<NewsRow | undefined> {
  return mdb(db).selectFrom('news_item').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts unless the dedupe key exists; true when inserted. */
export async function insertNews(db: Executor, row: NewsRow): Promise<boolean> {
  const r = await mdb(db).insertInto('news_item').values(row).onConflict((oc) => oc.column('dedupe_key').doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function threadOfUser(db: Executor, userId: string): Promise<ThreadRow | undefined> {
  return mdb(db).selectFrom('support_thread').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function threadById(db: Executor, id: string): Promise<ThreadRow | undefined> {
  return mdb(db).selectFrom('support_thread').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function ensureThread(db: Executor, userId: string, id: string, at: number): Promise<ThreadRow> {
  await mdb(db)
    .insertInto('support_thread')
    .values({ id, user_id: userId, last_at: at, user_unread: 0, staff_unread: 0, created_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return (await threadOfUser(db, userId))!;
}

export async function chatPage(db: Executor, threadId: string, before: string | undefined, limit: number): Promise<ChatRow[]> {
  let q = mdb(db).selectFrom('support_message').selectAll().where('thread_id', '=', threadId);
  if (before) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function insertChat(db: Executor, row: ChatRow): Promise<void> {
  await mdb(db).insertInto('support_message').values(row).execute();
}

/** A new line in the thread: the other side's unread count grows by one. */
export async function bumpThread(db: Executor, id: string, author: 'user' | 'staff', at: number): Promise<void> {
  await mdb(db)
    .updateTable('support_thread')
    .set((eb) => (author === 'user' ? { last_at: at, staff_unread: eb('staff_unread', '+', 1) } : { last_at: at, user_unread: eb('user_unread', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function clearUnread(db: Executor, id: string, side: 'user' | 'staff'): Promise<void> {
  await mdb(db).updateTable('support_thread').set(side === 'user' ? { user_unread: 0 } : { staff_unread: 0 }).where('id', '=', id).execute();
}

export interface ThreadSummaryRow extends ThreadRow {
  phone: string;
}

export async function threadsPage(db: Executor, cursor: string | undefined, limit: number): Promise<ThreadSummaryRow[]> {
  let q = mdb(db).selectFrom('support_thread').innerJoin('users', 'users.id', 'support_thread.user_id').selectAll('support_thread').select('users.phone');
  if (cursor) {
    const [lastAt, id] = cursor.split('_');
    q = q.where((eb) => eb.or([eb('support_thread.last_at', '<', Number(lastAt)), eb.and([eb('support_thread.last_at', '=', Number(lastAt)), eb('support_thread.id', '<', id ?? '')])]));
  }
  return q.orderBy('support_thread.last_at', 'desc').orderBy('support_thread.id', 'desc').limit(limit + 1).execute();
}

export async function threadSummary(db: Executor, id: string): Promise<ThreadSummaryRow | undefined> {
  return mdb(db).selectFrom('support_thread').innerJoin('users', 'users.id', 'support_thread.user_id').selectAll('support_thread').select('users.phone').where('support_thread.id', '=', id).executeTakeFirst();
}

export async function lastChat(db: Executor, threadId: string): Promise<ChatRow | undefined> {
  return mdb(db).selectFrom('support_message').selectAll().where('thread_id', '=', threadId).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function alertsOf(db: Executor, userId: string, code?: string): Promise<AlertRow[]> {
  let q = mdb(db).selectFrom('price_alert').selectAll().where('user_id', '=', userId);
  if (code) q = q.where('code', '=', code);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countAlerts(db: Executor, userId: string): Promise<number> {
  const r = await mdb(db).selectFrom('price_alert').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function activeAlerts(db: Executor): Promise<AlertRow[]> {
  return mdb(db).selectFrom('price_alert').selectAll().where('fired_at', 'is', null).execute();
}

/** Fires an alert once: true only for the run whose update took it from waiting to fired. */
export async function fireAlert(db: Executor, id: string, at: number, value: number): Promise<boolean> {
  const r = await mdb(db).updateTable('price_alert').set({ fired_at: at, fired_value: value }).where('id', '=', id).where('fired_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function pushOf(db: Executor, userId: string): Promise<PushRow[]> {
  return mdb(db).selectFrom('push_subscription').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}
