import { sql, type Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { Executor } from '../../db/executor';
import { statement } from '../../db/compiled-statement';
import { kycLatestReview } from '../kyc';

export type UserRow = Selectable<UsersTable>;

/** Kysely queries on `users`; every function takes the pool or a transaction. */

// Read on every `user/info` (and by other areas through the service): compiled once per database (db/compiled-statement.ts).
const selectById = statement((db: Executor, id: string) => db.selectFrom('users').selectAll().where('id', '=', id), 1);

export async function findById(db: Executor, id: string): Promise<UserRow | undefined> {
  return (await selectById(db, id)).rows[0];
}

// `user/info`: the user's row and the review status of their latest KYC submission (null without
// one) in one statement — one round trip on PostgreSQL, one read transaction on SQLite.
const selectInfoById = statement(
  (db: Executor, id: string) =>
    db.selectFrom('users').selectAll('users').select((eb) => kycLatestReview(db, eb.ref('users.id')).as('kyc_review')).where('users.id', '=', id),
  1,
);

export async function findInfoById(db: Executor, id: string): Promise<(UserRow & { kyc_review: string | null }) | undefined> {
  return (await selectInfoById(db, id)).rows[0];
}

export function findByPhone(db: Executor, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export function findByInviteCode(db: Executor, code: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
}

export async function anyAdmin(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('is_admin', '=', 1).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The first admin's id (oldest), if any. */
export async function anyAdminId(db: Executor): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('is_admin', '=', 1).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row?.id;
}

export interface NewUser {
  id: string;
  phone: string;
  passwordHash: string;
  inviteCode: string;
  invitedBy: string | null;
  isAdmin: boolean;
  now: number;
}

export async function insert(db: Executor, u: NewUser): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: u.id,
      phone: u.phone,
      password_hash: u.passwordHash,
      fund_password_hash: null,
      fund_password_locked_until: null,
      invite_code: u.inviteCode,
      invited_by: u.invitedBy,
      state_reason: null,
      is_admin: u.isAdmin ? 1 : 0,
      created_at: u.now,
      updated_at: u.now,
    })
    .execute();
}

type Patch = Partial<
  Pick<
    UserRow,
    | 'password_hash'
    | 'fund_password_hash'
    | 'fund_password_failures'
    | 'fund_password_locked_until'
    | 'state'
    | 'state_reason'
    | 'is_admin'
    | 'invite_code'
  >
>;

export async function update(db: Executor, id: string, patch: Patch, now: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...patch, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Counts one fund-password try BEFORE its hash, in one statement, so concurrent tries are counted
 * one by one: the `maxTries`-th try also locks (until `lockUntil`) and starts the count again. No row
 * comes back while a lock holds (or for an unknown user): the try is refused without a hash.
 * Returns the count after this try and the lock this try set (null unless it was the last allowed).
 */
export async function claimFundTry(
  db: Executor, id: string, now: number, maxTries: number, lockUntil: number,
): Promise<{ failures: number; lockedUntil: number | null } | undefined> {
  const last = maxTries - 1;
  const row = await db
    .updateTable('users')
    .set({
      fund_password_failures: sql<number>`case when fund_password_failures >= ${last} then 0 else fund_password_failures + 1 end`,
      fund_password_locked_until: sql<number | null>`case when fund_password_failures >= ${last} then cast(${lockUntil} as bigint) else null end`,
      updated_at: now,
    })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('fund_password_locked_until', 'is', null), eb('fund_password_locked_until', '<=', now)]))
    .returning(['fund_password_failures', 'fund_password_locked_until'])
    .executeTakeFirst();
  if (!row) return undefined;
  const lockedUntil = row.fund_password_locked_until === null ? null : Number(row.fund_password_locked_until);
  return { failures: lockedUntil === null ? Number(row.fund_password_failures) : maxTries, lockedUntil };
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
