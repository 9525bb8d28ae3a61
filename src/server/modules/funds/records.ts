/**
 * funds/records: the user's ledger entries, newest first, filtered by type, each explained line
 * by line (fee, tax, interest, P/L, principal…) from the entry's own postings.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HOUSE } from '../../ledger';
import type { fundsRecord, RECORD_LINE_TYPES, RECORD_TYPES } from '../../../shared/api/funds';
import type { z } from 'zod';

type RecordType = (typeof RECORD_TYPES)[number];
type LineType = (typeof RECORD_LINE_TYPES)[number];
type FundsRecord = z.infer<typeof fundsRecord>;

export const RECORD_KINDS: Record<Exclude<RecordType, 'all'>, readonly string[]> = {
  trade: ['order_reserve', 'order_release', 'trade_open', 'trade_close', 'margin_interest', 'borrow_fee'],
  grant: ['demo_grant', 'admin_grant'],
};

const LINE_OF: Record<string, LineType> = {
  margin: 'principal',
  frozen: 'reserve',
  loan: 'loan',
  market_counterparty: 'pnl',
  fee_income: 'fee',
  interest_income: 'interest',
  tax_payable: 'tax',
  demo_grant: 'grant',
};

function typeOf(kind: string): FundsRecord['type'] {
  if (RECORD_KINDS.trade.includes(kind)) return 'trade';
  if (RECORD_KINDS.grant.includes(kind)) return 'grant';
  return 'other';
}

export async function readRecords(
  db: Kysely<DB>,
  userId: string,
  opts: { type: RecordType; cursor?: string; limit: number },
): Promise<{ items: FundsRecord[]; next: string | null }> {
  let q = db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .innerJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
    .select('posting.entry_id')
    .distinct()
    .where('ledger_account.owner', '=', userId)
    .orderBy('posting.entry_id', 'desc')
    .limit(opts.limit + 1);
  if (opts.type !== 'all') q = q.where('journal_entry.kind', 'in', RECORD_KINDS[opts.type]);
  if (opts.cursor) q = q.where('posting.entry_id', '<', opts.cursor);
  const page = await q.execute();
  const ids = page.slice(0, opts.limit).map((r) => r.entry_id);
  if (ids.length === 0) return { items: [], next: null };

  const headers = await db.selectFrom('journal_entry').selectAll().where('id', 'in', ids).execute();
  const postings = await db
    .selectFrom('posting')
    .innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
    .select(['posting.entry_id', 'posting.id', 'ledger_account.owner', 'ledger_account.currency', 'ledger_account.kind', 'posting.amount'])
    .where('posting.entry_id', 'in', ids)
    .orderBy('posting.id')
    .execute();
  const refIds = headers.filter((h) => h.ref_type === 'position' && h.ref_id).map((h) => h.ref_id!);
  const codes = new Map<string, string>();
  if (refIds.length) {
    for (const r of await db.selectFrom('trade_position').select(['id', 'code']).where('id', 'in', refIds).execute()) codes.set(r.id, r.code);
  }
  const byId = new Map(headers.map((h) => [h.id, h]));
  const items = ids.map((id): FundsRecord => {
    const h = byId.get(id)!;
    const mine = postings.filter((p) => p.entry_id === id && p.owner === userId);
    // Only this user's side and the house's are shown: another user's accounts stay private.
    const theirs = postings.filter((p) => p.entry_id === id && (p.owner === userId || p.owner === HOUSE) && !(p.owner === userId && p.kind === 'cash'));
    const lines = new Map<LineType, number>();
    for (const p of theirs) {
      const type = LINE_OF[p.kind] ?? 'other';
      lines.set(type, (lines.get(type) ?? 0) - p.amount);
    }
    const currency = mine[0]?.currency ?? 'JPY';
    return {
      id,
      kind: h.kind,
      type: typeOf(h.kind),
      createdAt: h.created_at,
      memo: h.memo,
      refType: h.ref_type,
      refId: h.ref_id,
      code: h.ref_id ? (codes.get(h.ref_id) ?? null) : null,
      currency,
      amount: mine.filter((p) => p.currency === currency).reduce((s, p) => s + p.amount, 0),
      postings: mine.map((p) => ({ currency: p.currency, kind: p.kind, amount: p.amount })),
      lines: [...lines].filter(([, a]) => a !== 0).map(([type, amount]) => ({ type, amount })),
    };
  });
  return { items, next: page.length > opts.limit ? ids[ids.length - 1]! : null };
}
