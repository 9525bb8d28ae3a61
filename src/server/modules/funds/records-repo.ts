/**
 * funds/records' SQL: the user's ledger accounts, their entries page by page along the
 * (account_id, entry_id) index, the events without postings along (user_id, kind, id), and the
 * headers and postings of one page (docs/decisions/019-flat-with-data.md).
 */
import type { Executor } from '../../db/executor';

export async function accountIdsOf(db: Executor, userId: string): Promise<{ id: string }[]> {
  return db.selectFrom('ledger_account').select('id').where('owner', '=', userId).execute();
}

/** One account's entries of these kinds, newest first, up to `limit + 1`, older than `cursor` when given. */
export async function accountEntryIds(db: Executor, accountId: string, kinds: readonly string[], cursor: string | undefined, limit: number): Promise<{ entry_id: string }[]> {
  let q = db
    .selectFrom('posting')
    .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
    .select('posting.entry_id')
    .where('posting.account_id', '=', accountId)
    .where('journal_entry.kind', 'in', kinds)
    .orderBy('posting.entry_id', 'desc')
    .limit(limit + 1);
  if (cursor) q = q.where('posting.entry_id', '<', cursor);
  return q.execute();
}

/** The user's entries of these (event) kinds, which have no postings: theirs by journal_entry.user_id. */
export async function eventEntryIds(db: Executor, userId: string, kinds: readonly string[], cursor: string | undefined, limit: number): Promise<{ entry_id: string }[]> {
  let e = db.selectFrom('journal_entry').select('id as entry_id').where('user_id', '=', userId).where('kind', 'in', kinds).orderBy('id', 'desc').limit(limit + 1);
  if (cursor) e = e.where('id', '<', cursor);
  return e.execute();
}

export async function entryHeaders(db: Executor, ids: readonly string[]) {
  return db.selectFrom('journal_entry').selectAll().where('id', 'in', ids).execute();
}

/** Every posting of the entries, with its account's owner, currency and kind, in posting order. */
export async function entryPostings(db: Executor, ids: readonly string[]) {
  return db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['posting.entry_id', 'posting.id', 'ledger_account.owner', 'ledger_account.currency', 'ledger_account.kind', 'posting.amount'])
    .where('posting.entry_id', 'in', ids)
    .orderBy('posting.id')
    .execute();
}

export async function positionCodes(db: Executor, ids: readonly string[]): Promise<{ id: string; code: string }[]> {
  return db.selectFrom('trade_position').select(['id', 'code']).where('id', 'in', ids).execute();
}
