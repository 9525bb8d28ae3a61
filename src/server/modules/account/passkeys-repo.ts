import type { Selectable } from 'kysely';
import type { PasskeyChallengeTable, PasskeyCredentialTable } from '../../db/schema';
import type { Executor } from '../../db/executor';

/** Kysely queries on the passkey tables (docs/decisions/008-passkeys.md); functions of an Executor. */

export type CredentialRow = Selectable<PasskeyCredentialTable>;
export type ChallengeRow = Selectable<PasskeyChallengeTable>;

export function credentialsOf(db: Executor, userId: string): Promise<CredentialRow[]> {
  return db.selectFrom('passkey_credential').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
}

export async function hasCredential(db: Executor, userId: string): Promise<boolean> {
  const row = await db.selectFrom('passkey_credential').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export function findByCredentialId(db: Executor, credentialId: string): Promise<CredentialRow | undefined> {
  return db.selectFrom('passkey_credential').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
}

export function findOwned(db: Executor, userId: string, id: string): Promise<CredentialRow | undefined> {
  return db.selectFrom('passkey_credential').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertCredential(db: Executor, row: Omit<CredentialRow, 'last_used_at'>): Promise<void> {
  await db.insertInto('passkey_credential').values({ ...row, last_used_at: null }).execute();
}

export async function touchCredential(db: Executor, id: string, signCount: number, backedUp: boolean, now: number): Promise<void> {
  await db
    .updateTable('passkey_credential')
    .set({ sign_count: signCount, backed_up: backedUp ? 1 : 0, last_used_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteOwned(db: Executor, userId: string, id: string): Promise<boolean> {
  const r = await db.deleteFrom('passkey_credential').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function insertChallenge(db: Executor, row: ChallengeRow): Promise<void> {
  await db.insertInto('passkey_challenge').values(row).execute();
}

/**
 * Single use: the row is read, then deleted; only the caller whose DELETE removed it gets it back,
 * so two concurrent uses of one challenge cannot both pass (on SQLite and PostgreSQL alike).
 */
export async function takeChallenge(db: Executor, id: string): Promise<ChallengeRow | undefined> {
  const row = await db.selectFrom('passkey_challenge').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const r = await db.deleteFrom('passkey_challenge').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) === 1 ? row : undefined;
}

export async function insertStepUp(db: Executor, row: { token_hash: string; user_id: string; session_id: string; expires_at: number }): Promise<void> {
  await db.insertInto('passkey_step_up').values(row).execute();
}

/** Spends a step-up token of this user and session that is still live; true when it was there. */
export async function takeStepUp(db: Executor, tokenHash: string, userId: string, sessionId: string, now: number): Promise<boolean> {
  const r = await db
    .deleteFrom('passkey_step_up')
    .where('token_hash', '=', tokenHash)
    .where('user_id', '=', userId)
    .where('session_id', '=', sessionId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** Drops expired challenges and step-up tokens (cheap: both are indexed by expiry). */
export async function pruneExpired(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('passkey_challenge').where('expires_at', '<=', now).execute();
  await db.deleteFrom('passkey_step_up').where('expires_at', '<=', now).execute();
}

export async function countCredentials(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('passkey_credential')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The user's passkey policy, its row locked for the rest of the transaction (PostgreSQL: FOR
 * UPDATE; SQLite: the one writer), so a change of the setting and a passkey's removal apply one
 * after the other: together they cannot leave an account that needs a passkey without one.
 */
export function lockPolicy(trx: Executor, rowLocks: boolean, userId: string): Promise<{ passkey_required: number; is_admin: number } | undefined> {
  let q = trx.selectFrom('users').select(['passkey_required', 'is_admin']).where('id', '=', userId);
  if (rowLocks) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function setPasskeyRequired(db: Executor, userId: string, required: boolean, now: number): Promise<void> {
  await db.updateTable('users').set({ passkey_required: required ? 1 : 0, updated_at: now }).where('id', '=', userId).execute();
}
