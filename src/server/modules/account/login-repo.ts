import type { Executor } from '../../db/executor';
import type { LoginEventTable } from './tables';
import './tables';

export type LoginEventRow = LoginEventTable;

export async function insertLogin(db: Executor, row: LoginEventRow): Promise<void> {
  await db.insertInto('login_event').values(row).execute();
}

export async function deviceKnown(db: Executor, userId: string, key: string): Promise<boolean> {
  const row = await db.selectFrom('known_device').select('device_key').where('user_id', '=', userId).where('device_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

export async function anyDeviceKnown(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('known_device').select('device_key').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Adds the device to the account's, or notes its latest use. */
export async function rememberDevice(db: Executor, userId: string, key: string, at: number): Promise<void> {
  await db
    .insertInto('known_device')
    .values({ user_id: userId, device_key: key, first_seen_at: at, last_seen_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'device_key']).doUpdateSet({ last_seen_at: at }))
    .execute();
}

export async function forgetDevice(db: Executor, userId: string, key: string): Promise<void> {
  await db.deleteFrom('known_device').where('user_id', '=', userId).where('device_key', '=', key).execute();
}

/** The countries the account has signed in from, where they were known. */
export async function countriesOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('login_event').select('country').distinct().where('user_id', '=', userId).where('country', 'is not', null).execute();
  return rows.map((r) => r.country!);
}

export async function loginOf(db: Executor, userId: string, id: string): Promise<LoginEventRow | undefined> {
  return db.selectFrom('login_event').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function markReported(db: Executor, id: string, at: number): Promise<void> {
  await db.updateTable('login_event').set({ reported_at: at }).where('id', '=', id).where('reported_at', 'is', null).execute();
}

/** A user's latest sign-ins with whether the session each made is still live (by the bounds given). */
export async function recentLogins(db: Executor, userId: string, limit: number, live: LiveBounds) {
  const rows = await db
    .selectFrom('login_event')
    .innerJoin('sessions', 'sessions.id', 'login_event.session_id')
    .selectAll('login_event')
    .select(['sessions.revoked_at', 'sessions.last_seen_at', 'sessions.created_at'])
    .where('login_event.user_id', '=', userId)
    .orderBy('login_event.at', 'desc')
    .orderBy('login_event.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, active: r.revoked_at === null && Number(r.last_seen_at) >= live.seenSince && Number(r.created_at) >= live.createdSince }));
}

/** A session is live while it is not revoked, was used since `seenSince` and made since `createdSince` (rules.ts sessionExpired). */
export interface LiveBounds {
  seenSince: number;
  createdSince: number;
}

/** A user's live sessions, newest first, with the sign-in that made each (none for sessions older than the history). */
export async function liveSessions(db: Executor, userId: string, live: LiveBounds, limit: number) {
  return db
    .selectFrom('sessions')
    .leftJoin('login_event', 'login_event.session_id', 'sessions.id')
    .select([
      'sessions.id', 'sessions.created_at', 'sessions.last_seen_at', 'sessions.ip as session_ip',
      'login_event.method', 'login_event.ip', 'login_event.country', 'login_event.browser', 'login_event.os',
      'login_event.device_type', 'login_event.device_name',
    ])
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.last_seen_at', '>=', live.seenSince)
    .where('sessions.created_at', '>=', live.createdSince)
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id', 'desc')
    .limit(limit)
    .execute();
}

export async function sessionOwned(db: Executor, userId: string, id: string): Promise<boolean> {
  const row = await db.selectFrom('sessions').select('id').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Locks the account's fund actions; a second report keeps the first lock's time and sign-in. */
export async function lock(db: Executor, userId: string, loginId: string, at: number): Promise<void> {
  await db
    .insertInto('security_lock')
    .values({ user_id: userId, login_id: loginId, locked_at: at })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function lockOf(db: Executor, userId: string): Promise<{ locked_at: number } | undefined> {
  return db.selectFrom('security_lock').select('locked_at').where('user_id', '=', userId).executeTakeFirst();
}

export async function unlock(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('security_lock').where('user_id', '=', userId).execute();
}
