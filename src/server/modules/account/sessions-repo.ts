/** Login sessions' SQL (docs/domain.md "Login sessions"): rows found by the hash of their token. */
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { SessionsTable } from '../../db/schema';

export async function insertSession(db: Executor, row: Insertable<SessionsTable>): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** A session with its user's sign-in facts, as the request path checks them. */
export async function sessionByTokenHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'sessions.auth_method',
      'users.id as userId',
      'users.phone',
      'users.state',
      'users.is_admin',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: Executor, id: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** When the session was signed in (its row's creation); undefined for an unknown id. */
export async function sessionCreatedAt(db: Executor, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('sessions').select('created_at').where('id', '=', id).executeTakeFirst();
  return row?.created_at;
}

export async function revokeSession(db: Executor, id: string, at: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of the user, but `exceptId` when given. */
export async function revokeSessionsOf(db: Executor, userId: string, at: number, exceptId?: string): Promise<void> {
  let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (exceptId) q = q.where('id', '!=', exceptId);
  await q.execute();
}
