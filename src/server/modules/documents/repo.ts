/**
 * The SQL of the document box (docs/domain.md "Documents and exports"): issued documents (one row
 * each, immutable but for the owner's first reading) and the consent to electronic delivery.
 */
import type { Executor } from '../../db/executor';
import type { DocumentKind } from '../../../shared/domain/documents';
import type { DocumentConsentTable, DocumentTable } from './tables';

/**
 * Inserts a document unless one with its source key exists (ON CONFLICT DO NOTHING, on SQLite and
 * PostgreSQL alike): a job run twice, or two instances at once, issue it once. True when inserted.
 */
export async function insertDocument(db: Executor, row: DocumentTable): Promise<boolean> {
  const res = await db
    .insertInto('document')
    .values(row)
    .onConflict((oc) => oc.column('source_key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function findDocument(db: Executor, id: string): Promise<DocumentTable | undefined> {
  return db.selectFrom('document').selectAll().where('id', '=', id).executeTakeFirst();
}

export function documentBySourceKey(db: Executor, sourceKey: string): Promise<DocumentTable | undefined> {
  return db.selectFrom('document').selectAll().where('source_key', '=', sourceKey).executeTakeFirst();
}

/** How many 取引残高報告書 the user asked for since `since` (the on-request ones: source key `balance:<user>:request:…`). */
export async function requestedSince(db: Executor, userId: string, since: number): Promise<number> {
  const row = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'balance_report')
    .where('source_key', 'like', `balance:${userId}:request:%`)
    .where('issued_at', '>=', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How many documents correct document `id` (its reissues so far). */
export async function correctionCount(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('corrects_id', '=', id)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The position a page ends at (newest first: issued_at, then id, both descending). */
export interface PageCursor {
  issuedAt: number;
  id: string;
}

export interface ListFilter {
  kind?: DocumentKind | undefined;
  /** Documents whose period starts in this Tokyo year. */
  year?: number | undefined;
  after?: PageCursor | undefined;
  limit: number;
}

/** A user's documents, newest first; `limit + 1` rows so the caller knows whether a next page exists. */
export function listDocuments(db: Executor, userId: string, f: ListFilter): Promise<DocumentTable[]> {
  let q = db.selectFrom('document').selectAll().where('user_id', '=', userId);
  if (f.kind) q = q.where('kind', '=', f.kind);
  if (f.year !== undefined) q = q.where('period_from', '>=', `${f.year}-01-01`).where('period_from', '<=', `${f.year}-12-31`);
  const after = f.after;
  if (after) {
    q = q.where((eb) => eb.or([eb('issued_at', '<', after.issuedAt), eb.and([eb('issued_at', '=', after.issuedAt), eb('id', '<', after.id)])]));
  }
  return q.orderBy('issued_at', 'desc').orderBy('id', 'desc').limit(f.limit + 1).execute();
}

/** The documents that correct any of `ids`: corrected id → the newest correction's id. */
export async function correctionsOf(db: Executor, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('document')
    .select(['id', 'corrects_id'])
    .where('corrects_id', 'in', [...ids])
    .orderBy('issued_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.corrects_id!, r.id]));
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('document')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets the first reading only (a later one changes nothing); answers the reading kept. */
export async function markRead(db: Executor, id: string, at: number): Promise<number | null> {
  await db.updateTable('document').set({ read_at: at }).where('id', '=', id).where('read_at', 'is', null).execute();
  const row = await db.selectFrom('document').select('read_at').where('id', '=', id).executeTakeFirst();
  return row?.read_at === null || row?.read_at === undefined ? null : Number(row.read_at);
}

/** The user's latest consent row (given or withdrawn): the current state. */
export function latestConsent(db: Executor, userId: string): Promise<DocumentConsentTable | undefined> {
  return db
    .selectFrom('document_consent')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertConsent(db: Executor, row: DocumentConsentTable): Promise<void> {
  await db.insertInto('document_consent').values(row).execute();
}

