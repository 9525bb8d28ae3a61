/**
 * Building one balanced entry per operation (a placement, a fill, a close, a grant…), so each
 * record lists its principal, P/L, fee, interest and tax lines together and every command locks
 * its balances once, in one order. Sign convention: accounts.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Capabilities } from '../db/capabilities';
import { HOUSE, type HouseAccountKind, type UserAccountKind } from './accounts';
import type { PostingInput } from './post';
import type { Currency } from '../../shared/money';
import { rememberedWallet, rememberWallet, walletEpoch } from './wallet-memory';
import { statement } from '../db/compiled-statement';

// The wallet's reads, compiled once per database (db/compiled-statement.ts); the cash read takes
// the row lock where the database has them.
const cashOf = (lock: boolean) =>
  statement((db, userId: string, currency: string) => {
    const q = db
      .selectFrom('balance')
      .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
      .select('balance.amount')
      .where('ledger_account.owner', '=', userId)
      .where('ledger_account.currency', '=', currency)
      .where('ledger_account.kind', '=', 'cash');
    return lock ? q.forUpdate('balance') : q;
  }, 2);
const readCash = cashOf(false);
const lockCashRow = cashOf(true);
/** The user's balances of `kinds` in one read (the kinds fixed per statement, so it compiles once). */
const balancesOf = (kinds: readonly string[]) =>
  statement(
    (db, userId: string, currency: string) =>
      db
        .selectFrom('balance')
        .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
        .select(['ledger_account.kind', 'balance.amount'])
        .where('ledger_account.owner', '=', userId)
        .where('ledger_account.currency', '=', currency)
        .where('ledger_account.kind', 'in', [...kinds]),
    2,
  );
const readOwed = balancesOf(['unsettled', 'shortfall']);
/** Where nothing is locked by row (SQLite: one writer at a time), the three balances in one read. */
const readAll = balancesOf(['cash', 'unsettled', 'shortfall']);

/**
 * The user's cash, locked first by every money command where the database has row locks: commands
 * of one user queue here, and since no command takes another user's rows, house rows (taken
 * after, in account-id order by the ledger) can never close a lock cycle.
 */
export async function lockCash(db: Kysely<DB>, caps: Capabilities, userId: string, currency: Currency): Promise<number> {
  return (await (caps.rowLocks ? lockCashRow : readCash)(db, userId, currency)).rows[0]?.amount ?? 0;
}

/** What a user can pay with and what they owe, in one currency. */
export interface Wallet {
  cash: number;
  /** Sale proceeds not yet settled (usable to buy, not to withdraw). */
  unsettled: number;
  /** ≤ 0: −(shortfall owed). */
  shortfall: number;
}

/**
 * What the user can pay for a new order with: settled cash and unsettled proceeds, nothing while a
 * shortfall is owed (docs/decisions/009-trading-money-conventions.md).
 */
export function buyingPower(w: Wallet): number {
  return w.shortfall < 0 ? 0 : w.cash + w.unsettled;
}

/**
 * Locks the user's cash (the per-user lock of every money command, see lockCash) and reads the
 * balances a payment may draw on. Those rows only change under the same lock, so the read is stable.
 */
export async function lockWallet(db: Kysely<DB>, caps: Capabilities, userId: string, currency: Currency): Promise<Wallet> {
  // Read once per transaction while nothing in it has posted (wallet-memory.ts).
  const key = `${userId}\u0000${currency}`;
  const hit = db.isTransaction ? rememberedWallet<Wallet>(db, key) : undefined;
  if (hit) return { ...hit };
  const epoch = walletEpoch(db);
  const wallet = await readWallet(db, caps, userId, currency);
  if (db.isTransaction) rememberWallet(db, key, { ...wallet }, epoch);
  return wallet;
}

async function readWallet(db: Kysely<DB>, caps: Capabilities, userId: string, currency: Currency): Promise<Wallet> {
  if (!caps.rowLocks) {
    const { rows } = await readAll(db, userId, currency);
    const of = (kind: string) => rows.find((r) => r.kind === kind)?.amount ?? 0;
    return { cash: of('cash'), unsettled: of('unsettled'), shortfall: of('shortfall') };
  }
  // The cash row locked first (the per-user lock of every money command), then the rest.
  const cash = await lockCash(db, caps, userId, currency);
  const { rows } = await readOwed(db, userId, currency);
  const of = (kind: string) => rows.find((r) => r.kind === kind)?.amount ?? 0;
  return { cash, unsettled: of('unsettled'), shortfall: of('shortfall') };
}

/**
 * Collects postings, dropping zero amounts (the ledger refuses them) and tracking the user's wallet,
 * so that payments draw on unsettled proceeds before settled cash (docs/decisions/
 * 009-trading-money-conventions.md), charges beyond what the user holds become a shortfall, and
 * credits repay a shortfall first.
 */
export class Postings {
  readonly list: PostingInput[] = [];
  readonly wallet: Wallet;
  /** The shortfall before this entry, to tell when one starts or ends (shortfall.ts). */
  readonly shortfallBefore: number;

  constructor(
    readonly user: string,
    readonly currency: Currency,
    /** The wallet before this entry (from lockWallet); only needed by spend, charge and credit. */
    wallet: Partial<Wallet> = {},
  ) {
    this.wallet = { cash: wallet.cash ?? 0, unsettled: wallet.unsettled ?? 0, shortfall: wallet.shortfall ?? 0 };
    this.shortfallBefore = this.wallet.shortfall;
  }

  own(kind: UserAccountKind, amount: number): this {
    if (amount !== 0) this.list.push({ owner: this.user, currency: this.currency, kind, amount });
    if (kind === 'cash' || kind === 'unsettled' || kind === 'shortfall') this.wallet[kind] += amount;
    return this;
  }

  house(kind: HouseAccountKind, amount: number): this {
    if (amount !== 0) this.list.push({ owner: HOUSE, currency: this.currency, kind, amount });
    return this;
  }

  /**
   * A payment to `to` (the user's frozen or margin, or nothing when the caller posts the other side):
   * from unsettled proceeds first, then cash. Beyond both, the cash posting goes negative and the
   * ledger refuses the entry (`balance_insufficient`). Returns the part taken from unsettled.
   */
  spend(amount: number): number {
    if (amount <= 0) return 0;
    const fromUnsettled = Math.min(Math.max(this.wallet.unsettled, 0), amount);
    this.own('unsettled', -fromUnsettled);
    this.own('cash', -(amount - fromUnsettled));
    return fromUnsettled;
  }

  /**
   * A charge the user owes the house: paid from unsettled proceeds and cash as far as they go, the
   * rest recorded as a shortfall (不足金), so cash never goes negative and every yen owed is visible.
   */
  charge(kind: HouseAccountKind, amount: number): this {
    if (amount <= 0) return this;
    this.house(kind, amount);
    return this.owe(amount);
  }

  /** The user's side of a charge whose other side the caller posts: unsettled, cash, then shortfall. */
  owe(amount: number): this {
    if (amount <= 0) return this;
    const fromUnsettled = Math.min(Math.max(this.wallet.unsettled, 0), amount);
    const fromCash = Math.min(Math.max(this.wallet.cash, 0), amount - fromUnsettled);
    this.own('unsettled', -fromUnsettled);
    this.own('cash', -fromCash);
    this.own('shortfall', -(amount - fromUnsettled - fromCash));
    return this;
  }

  /** Money coming to the user (into cash or unsettled): repays a shortfall first. Returns the repaid part. */
  credit(to: 'cash' | 'unsettled', amount: number): number {
    if (amount <= 0) return 0;
    const repay = Math.min(amount, Math.max(-this.wallet.shortfall, 0));
    this.own('shortfall', repay);
    this.own(to, amount - repay);
    return repay;
  }
}
