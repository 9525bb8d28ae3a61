import type { Expression, Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import type { Executor } from '../../db/executor';
import type { Database } from '../../db/database';
import { statement } from '../../db/compiled-statement';
import type { FundTryState } from './rules';

export type UserRow = Selectable<UsersTable>;

/** Kysely queries on `users`; every function takes the pool or a transaction. */

// Read on every `user/info` (and by other areas through the service): compiled once per database (db/compiled-statement.ts).
const selectById = statement((db: Executor, id: string) => db.selectFrom('users').selectAll().where('id', '=', id), 1);

export async function findById(db: Executor, id: string): Promise<UserRow | undefined> {
  return (await selectById(db, id)).rows[0];
}

/**
 * The review status of the latest KYC submission of user `userId` (a column of the outer query), as
 * a scalar subquery, null without one. The kyc area's table is read here by name, in the order of
 * its own latest-submission read (kyc/repo.ts latestOf), so `user/info` stays one statement while
 * kyc's index.ts offers use cases, not SQL; kyc's `kycStatusOfReview` maps the status.
 */
function latestKycReview(db: Pick<Executor, 'selectFrom'>, userId: Expression<string>) {
  return db
    .selectFrom('kyc_submission')
    .select('kyc_submission.review_status')
    .where('kyc_submission.user_id', '=', userId)
    .orderBy('kyc_submission.created_at', 'desc')
    .orderBy('kyc_submission.id', 'desc')
    .limit(1);
}

/**
 * The onboarding checklist's two cash facts (docs/domain.md "Onboarding"), read by name like the KYC
 * status: a live bank account (index cash_bank_account_user), and the user's best deposit so far as
 * a rank, 2 approved, 1 pending, 0 rejected (null: none), over the user's own rows (index
 * cash_deposit_user). The status is ranked, not filtered: a filter on it led SQLite to the
 * all-users status index (EXPLAIN QUERY PLAN) instead of the user's rows.
 */
function liveBankAccount(db: Pick<Executor, 'selectFrom'>, userId: Expression<string>) {
  return db.selectFrom('cash_bank_account').select('cash_bank_account.id').where('cash_bank_account.user_id', '=', userId).where('cash_bank_account.deleted_at', 'is', null).limit(1);
}

function bestDepositRank(db: Pick<Executor, 'selectFrom'>, userId: Expression<string>) {
  return db
    .selectFrom('cash_deposit')
    .select((eb) =>
      eb.fn
        .max<number | string | null>(eb.case().when('cash_deposit.review_status', '=', 'approved').then(eb.lit(2)).when('cash_deposit.review_status', '=', 'pending').then(eb.lit(1)).else(eb.lit(0)).end())
        .as('rank'),
    )
    .where('cash_deposit.user_id', '=', userId);
}

// `user/info`: the user's row, the review status of their latest KYC submission (null without
// one) and the onboarding facts in one statement — one round trip on PostgreSQL, one read
// transaction on SQLite.
const selectInfoById = statement(
  (db: Executor, id: string) =>
    db
      .selectFrom('users')
      .selectAll('users')
      .select((eb) => [
        latestKycReview(db, eb.ref('users.id')).as('kyc_review'),
        liveBankAccount(db, eb.ref('users.id')).as('bank_account_id'),
        bestDepositRank(db, eb.ref('users.id')).as('deposit_rank'),
      ])
      .where('users.id', '=', id),
  1,
);

export type InfoRow = UserRow & { kyc_review: string | null; bank_account_id: string | null; deposit_rank: number | string | null };

export async function findInfoById(db: Executor, id: string): Promise<InfoRow | undefined> {
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

const TRY_COLUMNS = [
  'fund_password_failures', 'fund_password_pending', 'fund_password_held', 'fund_password_stale_at', 'fund_password_locked_until',
] as const;

function tryColumns(s: FundTryState) {
  return {
    fund_password_failures: s.tries.failures,
    fund_password_pending: s.tries.pending,
    fund_password_held: s.tries.held,
    fund_password_stale_at: s.tries.staleAt,
    fund_password_locked_until: s.lockedUntil,
  };
}

/** PostgreSQL returns bigint columns as strings. */
function fromRow(r: { [C in (typeof TRY_COLUMNS)[number]]: number | string | null }): FundTryState {
  return {
    tries: {
      failures: Number(r.fund_password_failures),
      pending: Number(r.fund_password_pending),
      held: Number(r.fund_password_held),
      staleAt: Number(r.fund_password_stale_at),
    },
    lockedUntil: r.fund_password_locked_until === null ? null : Number(r.fund_password_locked_until),
  };
}

/**
 * Applies one step of the fund password's tries (rules.ts reserveFundTry / settleFundTry) to its
 * users row under the row's lock (PostgreSQL: FOR UPDATE; SQLite: the one writer), so concurrent
 * tries apply one after another. Undefined for an unknown user.
 */
export async function stepFundTries<R extends { next: FundTryState }>(
  database: Database, id: string, step: (s: FundTryState) => R,
): Promise<R | undefined> {
  return database.db.transaction().execute(async (trx) => {
    let q = trx.selectFrom('users').select(TRY_COLUMNS).where('id', '=', id);
    if (database.caps.rowLocks) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    if (!row) return undefined;
    const state = fromRow(row);
    const before = tryColumns(state);
    const out = step(state);
    const after = tryColumns(out.next);
    // A refusal usually changes nothing: no write then (a burst's refusals stay reads).
    if (TRY_COLUMNS.some((c) => after[c] !== before[c])) await trx.updateTable('users').set(after).where('id', '=', id).execute();
    return out;
  });
}

export async function countUsers(db: Executor): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
