import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Currency } from '../../shared/money';
import type { AccountKind } from './accounts';

export interface EntryView {
  id: string;
  kind: string;
  refType: string | null;
  refId: string | null;
  memo: string;
  createdAt: number;
  /** Only the postings on this user's own accounts: counterparties stay private. */
  postings: { currency: Currency; kind: AccountKind; amount: number }[];
}

export interface EntryPage {
  items: EntryView[];
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: string | null;
}

export const ENTRIES_DEFAULT_LIMIT = 20;
export const ENTRIES_MAX_LIMIT = 100;

/**
 * A user's records, newest first. An entry belongs to a user's list when it touches one of the
 * user's accounts (so the receiving side of a transfer sees it too), not only when entry.user_id
 * names them. Ids are UUIDv7, so id order is time order and the last id is the cursor.
 */
export async function readEntries(
  db: Kysely<DB>,
  userId: string,
  opts: { cursor?: string | null; limit?: number } = {},
): Promise<EntryPage> {
  const limit = Math.max(1, Math.min(ENTRIES_MAX_LIMIT, Math.floor(opts.limit ?? ENTRIES_DEFAULT_LIMIT)));
  let q = db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select('posting.entry_id')
    .distinct()
    .where('ledger_account.owner', '=', userId)
    .orderBy('posting.entry_id', 'desc')
    .limit(limit + 1);
  if (opts.cursor) q = q.where('posting.entry_id', '<', opts.cursor);
  const page = await q.execute();
  const ids = page.slice(0, limit).map((r) => r.entry_id);
  if (ids.length === 0) return { items: [], nextCursor: null };

  // Sequential, not Promise.all: `db` may be a transaction, which is one connection anyway.
  const headers = await db.selectFrom('journal_entry').selectAll().where('id', 'in', ids).execute();
  const postings = await db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['posting.entry_id', 'posting.id', 'ledger_account.currency', 'ledger_account.kind', 'posting.amount'])
    .where('posting.entry_id', 'in', ids)
    .where('ledger_account.owner', '=', userId)
    .orderBy('posting.id')
    .execute();
  const byId = new Map(headers.map((h) => [h.id, h]));
  const items: EntryView[] = ids.map((id) => {
    const h = byId.get(id)!;
    return {
      id,
      kind: h.kind,
      refType: h.ref_type,
      refId: h.ref_id,
      memo: h.memo,
      createdAt: h.created_at,
      postings: postings
        .filter((p) => p.entry_id === id)
        .map((p) => ({ currency: p.currency as Currency, kind: p.kind as AccountKind, amount: p.amount })),
    };
  });
  return { items, nextCursor: page.length > limit ? ids[ids.length - 1]! : null };
}
