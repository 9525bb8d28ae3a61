import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import type { Clock } from '../clock';
import type { Currency } from '../../shared/money';
import type { AccountKind } from './accounts';
import { postEntry, type EntryInput, type PostedEntry } from './post';
import { readBalance, readBalances, type BalanceSheet } from './balances';
import { readIncome } from './income';
import { readEntries, type EntryPage } from './entries';
import { answerOnce, withIdempotency } from './idempotency';

export * from './accounts';
export type { EntryInput, PostingInput, PostedEntry, PostedPosting } from './post';
export type { BalanceSheet } from './balances';
export type { EntryPage, EntryView } from './entries';
export { canonicalJson, requestHash } from './idempotency';
export { moneyCommand, type MoneyCommand, type MoneyCommandContext } from './money-command';
export { buyingPower, lockCash, lockWallet, Postings, type Wallet } from './postings';
export { assertNoShortfall, chargeLateInterest, findShortfallNotice, noteShortfall, overdueShortfalls, SHORTFALL_LATE_RATE_BP, shortfallOverdue } from './shortfall';
export { pendingSettlements, recordSettlement, settleDue, unsettledHolders } from './settlement';

/**
 * The double-entry ledger (docs/architecture.md "The money model"). Entries and postings are only ever inserted;
 * corrections are new entries. The sign convention is documented in accounts.ts.
 */
export class Ledger {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** One database transaction per command; everything posted inside commits or rolls back together. */
  transact<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(fn);
  }

  /** Posts a balanced entry inside `trx`; throws `balance_insufficient` (rule) on a floor breach. */
  post(trx: Transaction<DB>, entry: EntryInput): Promise<PostedEntry> {
    return postEntry(trx, entry, this.clock.now());
  }

  /** `db` defaults to the pool; pass a transaction to read inside a command. */
  balance(owner: string, currency: Currency, kind: AccountKind, db: Kysely<DB> = this.database.db): Promise<number> {
    return readBalance(db, owner, currency, kind);
  }

  balances(owner: string, db: Kysely<DB> = this.database.db): Promise<BalanceSheet> {
    return readBalances(db, owner);
  }

  /** The owner's running total of dividends, lending fees, loan and late interest (income.ts). */
  income(owner: string, currency: Currency, db: Kysely<DB> = this.database.db): Promise<number> {
    return readIncome(db, owner, currency);
  }

  /** A user's records, newest first; `cursor` is the previous page's `nextCursor`. */
  entries(userId: string, opts: { cursor?: string | null; limit?: number } = {}, db: Kysely<DB> = this.database.db): Promise<EntryPage> {
    return readEntries(db, userId, opts);
  }

  /** Runs `fn` once per (scope, key); see idempotency.ts. */
  withIdempotency<T>(scope: string, key: string, requestBody: unknown, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
    return withIdempotency(this.database, this.clock, scope, key, requestBody, fn);
  }

  /** A done key's stored result before `work` runs; same-key calls one at a time (idempotency.ts). */
  answerOnce<T>(scope: string, key: string, requestBody: unknown, work: () => Promise<T>): Promise<T> {
    return answerOnce(this.database, scope, key, requestBody, work);
  }
}
