import type { Kysely } from 'kysely';
import type { Executor } from '../db/executor';
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
