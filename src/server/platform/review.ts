import { sql, type Kysely, type Selectable } from 'kysely';
import type { Executor } from '../db/executor';
import type { DB } from '../db/schema';
import type { AuditLog } from './audit';
import { conflict } from '../errors';

/*
 * The review workflow (docs/domain.md "Review workflow"), built once for KYC, deposits and
 * withdrawals: a reviewed row starts `pending` and an admin moves it once to `approved` or
 * `rejected`, with a reason the user sees, and the audit row commits in the same transaction as
 * the decision. A table takes part by having the four columns `review_status`, `review_reason`,
 * `reviewed_by`, `reviewed_at` (see migration 2026-11-25-003 for kyc_submission).
 *
 * The decision is a conditional UPDATE (`WHERE review_status = 'pending'`): two admins deciding
 * the same row at once cannot both win — the second gets `review_already_decided` (409), and its
 * transaction (with whatever the area did alongside, e.g. a ledger posting) rolls back.
 *
 * The reads an area's repo.ts would otherwise copy live here too: a page of the queue and one row,
 * each with the user's phone, and for one-application-per-user areas (KYC, margin account) the
 * user's latest application and the lock that serialises their applications.
 */

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type ReviewDecision = Exclude<ReviewStatus, 'pending'>;

export interface ReviewColumns {
  review_status: string;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: number | null;
}

export interface DecideReview {
  /** A table with the review columns and a text `id`. */
  table: string;
  id: string;
  decision: ReviewDecision;
  reason: string;
  adminId: string;
  now: number;
  /** Audit action, e.g. `kyc.approve`. */
  action: string;
  /** Audit target (the user the row belongs to, or the row). */
  target: string;
  detail?: Record<string, unknown>;
}

/** Initial review columns of a new row. */
export function pendingReview(): ReviewColumns {
  return { review_status: 'pending', review_reason: null, reviewed_by: null, reviewed_at: null };
}

/**
 * Decide a pending row and write its audit entry, inside the caller's transaction `trx` (so the
 * area's own effects of the decision commit or roll back with it).
 */
export async function decideReview(trx: Executor, audit: AuditLog, d: DecideReview): Promise<void> {
  // The table is chosen by the calling area (a constant of its code), never by input.
  const db = trx as unknown as Kysely<Record<string, ReviewColumns & { id: string }>>;
  const res = await db
    .updateTable(d.table)
    .set({ review_status: d.decision, review_reason: d.reason, reviewed_by: d.adminId, reviewed_at: d.now })
    .where('id', '=', d.id)
    .where('review_status', '=', 'pending')
    .executeTakeFirst();
  if (res.numUpdatedRows !== 1n) throw conflict('review_already_decided');
  await audit.record(trx, {
    adminId: d.adminId,
    action: d.action,
    target: d.target,
    reason: d.reason,
    detail: { id: d.id, decision: d.decision, ...d.detail },
  });
}

/** The tables taking part in the workflow whose rows belong to a user (a queue lists them with the user's phone). */
export type UserReviewTable = { [K in keyof DB]: DB[K] extends ReviewColumns & { id: string; user_id: string } ? K : never }[keyof DB];
export type ReviewQueueRow<T extends UserReviewTable> = Selectable<DB[T]> & { phone: string };
/** The tables where a user's latest row is their application (KYC, margin account): an older one is history. */
export type ApplicationTable = { [K in UserReviewTable]: DB[K] extends { created_at: number } ? K : never }[UserReviewTable];

/** The user's latest application: newest `created_at`, ties by id (readers of its status elsewhere use this same order). */
export async function latestApplication<T extends ApplicationTable>(db: Executor, table: T, userId: string): Promise<Selectable<DB[T]> | undefined> {
  // As in decideReview: the table is a constant of the calling area's code, never input.
  const row = await (db as unknown as Kysely<Record<string, ReviewColumns & { id: string; user_id: string; created_at: number }>>)
    .selectFrom(table as string)
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row as Selectable<DB[T]> | undefined;
}

/**
 * Serialises one user's applications: an UPDATE that changes nothing takes the row lock in
 * PostgreSQL and the write lock in SQLite, so two applications at once cannot both pass the
 * status check.
 */
export async function lockApplicant(db: Executor, userId: string): Promise<void> {
  await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', userId).execute();
}

type QueueDb = Kysely<{ users: { id: string; phone: string } }>;

/** A reviewed row with its user's phone, by id (the queue's detail, and the row a decision reads). */
export async function findReviewItem<T extends UserReviewTable>(db: Executor, table: T, id: string): Promise<ReviewQueueRow<T> | undefined> {
  const row = await queueSelect(db, table).where('r.id', '=', id).executeTakeFirst();
  return row as ReviewQueueRow<T> | undefined;
}

/** One page of a review queue. Pending: oldest first (a queue); decided: newest first. The cursor is the last id seen. */
export async function reviewQueuePage<T extends UserReviewTable>(
  db: Executor,
  table: T,
  review: string,
  cursor: string | undefined,
  limit: number,
): Promise<ReviewQueueRow<T>[]> {
  const oldestFirst = review === 'pending';
  let q = queueSelect(db, table)
    .where('r.review_status', '=', review)
    .orderBy('r.id', oldestFirst ? 'asc' : 'desc')
    .limit(limit + 1);
  if (cursor) q = q.where('r.id', oldestFirst ? '>' : '<', cursor);
  return (await q.execute()) as ReviewQueueRow<T>[];
}

function queueSelect(db: Executor, table: UserReviewTable) {
  // As in decideReview: the table is a constant of the calling area's code, never input.
  const reviewed = sql<ReviewColumns & { id: string; user_id: string }>`${sql.table(table)}`.as('r');
  return (db as unknown as QueueDb).selectFrom(reviewed).innerJoin('users as u', 'u.id', 'r.user_id').selectAll('r').select('u.phone');
}
