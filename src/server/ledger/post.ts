import { sql, type Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../db/schema';
import { ruleBroken } from '../errors';
import { isCurrency, type Currency } from '../../shared/money';
import { accountKeyString, checkAccountKey, HOUSE, resolveAccounts, type AccountKind } from './accounts';
import { forgetWallets } from './wallet-memory';
import { addIncome } from './income';
import { insertRow, statement, statementByShape } from '../db/compiled-statement';

// postEntry's statements, compiled once per database (db/compiled-statement.ts, docs/decisions/
// 018-request-path-performance.md "compiled order path").
const insertEntry = insertRow('journal_entry');
type PostingRow = { id: string; entry_id: string; account_id: string; currency: string; amount: number };
const POSTING_COLUMNS = ['id', 'entry_id', 'account_id', 'currency', 'amount'] as const;
/** One INSERT for an entry's postings, compiled per number of rows (an entry has a handful). */
const insertPostings = statementByShape(
  (rows: PostingRow[]) => String(rows.length),
  (db, standInsOf, rows) => {
    const standIns = standInsOf(rows.length * POSTING_COLUMNS.length);
    const values = rows.map((_, r) => Object.fromEntries(POSTING_COLUMNS.map((c, i) => [c, standIns[r * POSTING_COLUMNS.length + i]])));
    return {
      query: db.insertInto('posting').values(values as unknown as PostingRow[]),
      standIns,
      values: (rs) => rs.flatMap((row) => POSTING_COLUMNS.map((c) => row[c])),
    };
  },
);
/** A balance move with the floor guard (postEntry). */
const moveGuarded = statement(
  (db, accountId: string, delta: number, now: number) =>
    db
      .updateTable('balance')
      .set({ amount: sql`amount + ${delta}`, version: sql`version + 1`, updated_at: now })
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('floor_zero', '=', 0), eb(sql`amount + ${delta}`, '>=', 0)])),
  3,
);
/** A house balance move held back to the commit (applyDeferredBalances): no floor. */
const moveHouse = statement(
  (db, accountId: string, delta: number, now: number) =>
    db.updateTable('balance').set({ amount: sql`amount + ${delta}`, version: sql`version + 1`, updated_at: now }).where('account_id', '=', accountId),
  3,
);
const balanceOf = statement((db, accountId: string) => db.selectFrom('balance').select('amount').where('account_id', '=', accountId), 1);

export interface PostingInput {
  /** A user id or HOUSE. */
  owner: string;
  currency: Currency;
  kind: AccountKind;
  /** Signed, non-zero, minor units; see the sign convention in accounts.ts. */
  amount: number;
}

export interface EntryInput {
  /** What happened, e.g. 'deposit', 'order_freeze', 'demo_grant'. */
  kind: string;
  /** The user the entry is about (for audit/admin views), if any. */
  userId?: string | null;
  refType?: string | null;
  refId?: string | null;
  memo: string;
  postings: PostingInput[];
  /** An event that moves no money (a stock split): journaled with no postings at all. */
  event?: true;
  /**
   * The account type (口座区分: specific, general, nisa_growth, nisa_tsumitate) of the position or
   * holding the entry is about, written to journal_entry.tax_account; absent for everything else.
   */
  taxAccount?: string;
}

export interface PostedPosting extends PostingInput {
  id: string;
  accountId: string;
}

export interface PostedEntry {
  id: string;
  kind: string;
  userId: string | null;
  refType: string | null;
  refId: string | null;
  memo: string;
  createdAt: number;
  postings: PostedPosting[];
}

/**
 * A malformed entry is a programming bug (the caller built the postings), so a plain Error:
 * it surfaces as a 500 and in logs instead of being shown to the user as their mistake.
 */
export function validateEntry(entry: EntryInput): void {
  if (!entry.kind) throw new Error('ledger: entry without a kind');
  if (typeof entry.memo !== 'string') throw new Error('ledger: entry without a memo');
  if (entry.event) {
    if (!Array.isArray(entry.postings) || entry.postings.length !== 0) throw new Error(`ledger: event ${entry.kind} moves no money`);
    if (!entry.userId) throw new Error(`ledger: event ${entry.kind} without a user`);
    return;
  }
  if (!Array.isArray(entry.postings) || entry.postings.length < 2) {
    throw new Error(`ledger: entry ${entry.kind} needs at least 2 postings`);
  }
  const sums = new Map<string, bigint>();
  for (const p of entry.postings) {
    if (!isCurrency(p.currency)) throw new Error(`ledger: unknown currency ${String(p.currency)}`);
    checkAccountKey(p);
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new Error(`ledger: posting amount must be a non-zero safe integer, got ${String(p.amount)}`);
    }
    sums.set(p.currency, (sums.get(p.currency) ?? 0n) + BigInt(p.amount));
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`ledger: entry ${entry.kind} is unbalanced in ${currency} by ${sum}`);
  }
}

/**
 * House balance moves a transaction holds back until just before its commit (deferHouseBalances).
 * House accounts have no floor (accounts.ts), so holding their update back cannot change whether
 * an entry is refused; it only shortens how long the row stays locked.
 */
const deferredHouse = new WeakMap<object, Map<string, { delta: number; now: number }>>();

/**
 * From now on, `trx` holds house balance updates back until applyDeferredBalances, which the
 * caller must await before committing. Every order's fee reaches the same house row; on
 * PostgreSQL a row is locked from its update to the commit, so updating it last leaves concurrent
 * commands queueing on it for one statement and the COMMIT, not for the rest of the command
 * (docs/decisions/018-request-path-performance.md). Nothing reads a house balance inside a
 * command; a transaction not marked here updates every balance at once, as before.
 */
export function deferHouseBalances(trx: Transaction<DB>): void {
  deferredHouse.set(trx, new Map());
}

/** Applies the house moves held back in `trx`, in account-id order (the lock order). */
export async function applyDeferredBalances(trx: Transaction<DB>): Promise<void> {
  const held = deferredHouse.get(trx);
  deferredHouse.delete(trx);
  if (!held) return;
  for (const accountId of [...held.keys()].sort()) {
    const { delta, now } = held.get(accountId)!;
    if (delta === 0) continue;
    const res = await moveHouse(trx, accountId, delta, now);
    if (!res.numAffectedRows) throw new Error(`ledger: account ${accountId} has no balance row`);
  }
}

/**
 * Records one balanced entry and moves the balances, inside the caller's transaction. If a
 * floor-zero balance would go negative it throws `balance_insufficient`, and the caller's
 * transaction rolls back as a whole.
 */
export async function postEntry(trx: Transaction<DB>, entry: EntryInput, now: number): Promise<PostedEntry> {
  if (!trx.isTransaction) throw new Error('ledger: post() needs a transaction');
  validateEntry(entry);
  forgetWallets(trx);
  const accountIds = entry.postings.length ? await resolveAccounts(trx, entry.postings, now) : new Map<string, string>();
  const idOf = (p: PostingInput) => accountIds.get(accountKeyString(p))!;

  // Net movement per account (an entry may touch one account twice).
  const deltas = new Map<string, { delta: number; posting: PostingInput }>();
  for (const p of entry.postings) {
    const id = idOf(p);
    const d = deltas.get(id);
    deltas.set(id, { delta: (d?.delta ?? 0) + p.amount, posting: p });
  }

  const entryId = uuidv7();
  const header = {
    id: entryId,
    kind: entry.kind,
    user_id: entry.userId ?? null,
    ref_type: entry.refType ?? null,
    ref_id: entry.refId ?? null,
    memo: entry.memo,
    created_at: now,
    // Left out when absent (the column's null), so the compiled insert keeps one shape for the rest.
    tax_account: entry.taxAccount,
  };
  await insertEntry(trx, header);
  const postings: PostedPosting[] = entry.postings.map((p) => ({
    id: uuidv7(),
    accountId: idOf(p),
    owner: p.owner,
    currency: p.currency,
    kind: p.kind,
    amount: p.amount,
  }));
  if (postings.length) {
    await insertPostings(trx, postings.map((p) => ({ id: p.id, entry_id: entryId, account_id: p.accountId, currency: p.currency, amount: p.amount })));
  }

  // Balances last, in account-id order: every transaction takes the row locks in the same order,
  // so two entries touching the same accounts cannot deadlock. Last, because a balance row is
  // locked from its update to the commit and every fee reaches the same house account: each
  // statement after the update is time all other commands wait on that row (PostgreSQL;
  // docs/decisions/018-request-path-performance.md). A refusal rolls the transaction back whole,
  // the rows written above included.
  const held = deferredHouse.get(trx);
  for (const accountId of [...deltas.keys()].sort()) {
    const { delta, posting } = deltas.get(accountId)!;
    if (delta === 0) continue;
    if (held && posting.owner === HOUSE) {
      held.set(accountId, { delta: (held.get(accountId)?.delta ?? 0) + delta, now });
      continue;
    }
    // The guard re-checks the floor against the row as it is once locked (PostgreSQL re-evaluates
    // the WHERE after waiting for a concurrent writer), so concurrent debits cannot overdraw.
    const res = await moveGuarded(trx, accountId, delta, now);
    if (!res.numAffectedRows) {
      const row = (await balanceOf(trx, accountId)).rows[0];
      if (!row) throw new Error(`ledger: account ${accountId} has no balance row`);
      throw ruleBroken('balance_insufficient', {
        currency: posting.currency,
        kind: posting.kind,
        available: row.amount,
        required: -delta,
      });
    }
  }
  forgetWallets(trx); // again once the balances have moved (wallet-memory.ts)
  // Dividends, lending fees, loan and late interest: profit no position carries (income.ts).
  await addIncome(trx, entry.kind, entry.postings, now);

  return {
    id: entryId,
    kind: header.kind,
    userId: header.user_id,
    refType: header.ref_type,
    refId: header.ref_id,
    memo: header.memo,
    createdAt: now,
    postings,
  };
}
