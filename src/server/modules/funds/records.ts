/**
 * funds/records: the user's ledger entries, newest first, filtered by type, each explained line
 * by line (fee, tax, interest, P/L, principal…) from the entry's own postings.
 */
import type { Executor } from '../../db/executor';
import { HOUSE } from '../../ledger';
import type { fundsRecord, RECORD_LINE_TYPES } from '../../../shared/api/funds';
import { decodeMemo, ENTRY_KINDS, EVENT_KINDS, isEntryKind, kindsOfRecordType, type EntryKind, type Memo, type RecordType } from '../../../shared/domain/ledger-kinds';
import { ACCOUNT_TYPES, type AccountType } from '../../../shared/domain/account-type';
import type { z } from 'zod';
import * as repo from './records-repo';

type LineType = (typeof RECORD_LINE_TYPES)[number];
type FundsRecord = z.infer<typeof fundsRecord>;

/** The instrument's names for a code (the market-data port's instrument lookup). */
export type InstrumentNames = (code: string) => { nameJa: string; nameEn: string } | undefined;

const LINE_OF: Record<string, LineType> = {
  margin: 'principal',
  frozen: 'reserve',
  loan: 'loan',
  shortfall: 'shortfall',
  dividend_clearing: 'dividend',
  market_counterparty: 'pnl',
  fee_income: 'fee',
  interest_income: 'interest',
  tax_payable: 'tax',
  demo_grant: 'grant',
  // Money sent to or received from a bank account or wallet (withdrawals, deposits).
  bank_clearing: 'transfer',
  wallet_clearing: 'transfer',
  // A currency exchange: the amount handed to (or taken from) the house's FX book is its own line, not "other".
  fx: 'fx',
  // Money paid to or received from a 投資信託's trustee (a purchase, a 解約 payout, a distribution).
  trust_settlement: 'trust',
};

/** The stock code a memo names, if any. */
function memoCode(memo: Memo): string | null {
  const code = (memo.params as Record<string, unknown>).code;
  return typeof code === 'string' ? code : null;
}

/** The entry's account type (journal_entry.tax_account), set on entries about a position or holding. */
function accountOf(taxAccount: string | null): AccountType | null {
  return taxAccount !== null && (ACCOUNT_TYPES as readonly string[]).includes(taxAccount) ? (taxAccount as AccountType) : null;
}

const newestFirst = <T extends { entry_id: string }>(rows: T[]) => rows.sort((a, b) => (a.entry_id < b.entry_id ? 1 : a.entry_id > b.entry_id ? -1 : 0));

export async function readRecords(
  db: Executor,
  userId: string,
  opts: { type: RecordType; cursor?: string; limit: number },
  names: InstrumentNames,
): Promise<{ items: FundsRecord[]; next: string | null }> {
  // Only registered kinds are records (src/shared/domain/ledger-kinds.ts); every kind the server posts is one.
  const kinds = opts.type !== 'all' ? kindsOfRecordType(opts.type) : (Object.keys(ENTRY_KINDS) as EntryKind[]);
  // Keyset pages per account (docs/decisions/019-flat-with-data.md): each of the user's few ledger
  // accounts is read newest first along its (account_id, entry_id) index only as far as one page
  // needs, and the pages are merged; never every posting the user has, sorted.
  const accounts = await repo.accountIdsOf(db, userId);
  const perAccount = await Promise.all(accounts.map((a) => repo.accountEntryIds(db, a.id, kinds, opts.cursor, opts.limit)));
  let page = newestFirst([...new Set(perAccount.flat().map((r) => r.entry_id))].map((entry_id) => ({ entry_id }))).slice(0, opts.limit + 1);
  // Events without money (a split) have no postings: they are the user's by journal_entry.user_id.
  const eventKinds = kinds.filter((k) => (EVENT_KINDS as readonly string[]).includes(k));
  if (eventKinds.length) {
    page = newestFirst([...page, ...(await repo.eventEntryIds(db, userId, eventKinds, opts.cursor, opts.limit))]).slice(0, opts.limit + 1);
  }
  const ids = page.slice(0, opts.limit).map((r) => r.entry_id);
  if (ids.length === 0) return { items: [], next: null };

  const headers = await repo.entryHeaders(db, ids);
  const postings = await repo.entryPostings(db, ids);
  const refIds = headers.filter((h) => h.ref_type === 'position' && h.ref_id).map((h) => h.ref_id!);
  const codes = new Map<string, string>();
  if (refIds.length) {
    for (const r of await repo.positionCodes(db, refIds)) codes.set(r.id, r.code);
  }
  const byId = new Map(headers.map((h) => [h.id, h]));
  const items = ids.map((id): FundsRecord => {
    const h = byId.get(id)!;
    const mine = postings.filter((p) => p.entry_id === id && p.owner === userId);
    // Only this user's side and the house's are shown: another user's accounts stay private.
    // Cash and unsettled proceeds are both the user's money: the lines explain what moved into them.
    const theirs = postings.filter(
      (p) => p.entry_id === id && (p.owner === userId || p.owner === HOUSE) && !(p.owner === userId && (p.kind === 'cash' || p.kind === 'unsettled')),
    );
    const currency = mine[0]?.currency ?? 'JPY';
    const lines = new Map<LineType, number>();
    // The lines explain the record's currency only: an exchange moves two, and its memo names the other.
    for (const p of theirs.filter((x) => x.currency === currency)) {
      const type = LINE_OF[p.kind] ?? 'other';
      lines.set(type, (lines.get(type) ?? 0) - p.amount);
    }
    if (!isEntryKind(h.kind)) throw new Error(`records: unregistered entry kind ${h.kind}`);
    const memo = decodeMemo(h.memo);
    // An entry about a stock held in no position (an IPO application, a stock loan) names it in its memo.
    const code = (h.ref_id ? codes.get(h.ref_id) : undefined) ?? memoCode(memo);
    const name = code ? names(code) : undefined;
    return {
      id,
      kind: h.kind,
      type: ENTRY_KINDS[h.kind].records,
      createdAt: h.created_at,
      memo,
      refType: h.ref_type,
      refId: h.ref_id,
      code,
      nameJa: name?.nameJa ?? null,
      nameEn: name?.nameEn ?? null,
      currency,
      amount: mine.filter((p) => p.currency === currency).reduce((s, p) => s + p.amount, 0),
      postings: mine.map((p) => ({ currency: p.currency, kind: p.kind, amount: p.amount })),
      lines: [...lines].filter(([, a]) => a !== 0).map(([type, amount]) => ({ type, amount })),
      account: accountOf(h.tax_account),
    };
  });
  return { items, next: page.length > opts.limit ? ids[ids.length - 1]! : null };
}
