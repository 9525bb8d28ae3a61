/**
 * Building one balanced entry per operation (a placement, a fill, a close, a grant…), so each
 * record lists its principal, P/L, fee, interest and tax lines together and every command locks
 * its balances once, in one order. Sign convention: accounts.ts.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Capabilities } from '../db/capabilities';
import { HOUSE } from './accounts';
import type { PostingInput } from './post';
import type { Currency } from '../../shared/money';

/**
 * The user's cash, locked first by every money command where the database has row locks: commands
 * of one user queue here, and since no command takes another user's rows, house rows (taken
 * after, in account-id order by the ledger) can never close a lock cycle.
 */
export async function lockCash(db: Kysely<DB>, caps: Capabilities, userId: string, currency: Currency): Promise<number> {
  let q = db
    .selectFrom('balance')
    .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
    .select('balance.amount')
    .where('ledger_account.owner', '=', userId)
    .where('ledger_account.currency', '=', currency)
    .where('ledger_account.kind', '=', 'cash');
  if (caps.rowLocks) q = q.forUpdate('balance');
  return (await q.executeTakeFirst())?.amount ?? 0;
}

/** Collects postings, dropping zero amounts (the ledger refuses them) and tracking free cash. */
export class Postings {
  readonly list: PostingInput[] = [];
  constructor(
    private readonly user: string,
    private readonly currency: Currency,
    /** Cash the user holds before this entry: charges beyond it become a loan. */
    private cash = 0,
  ) {}

  own(kind: 'cash' | 'frozen' | 'margin' | 'loan', amount: number): this {
    if (amount !== 0) this.list.push({ owner: this.user, currency: this.currency, kind, amount });
    if (kind === 'cash') this.cash += amount;
    return this;
  }

  house(kind: 'fee_income' | 'tax_payable' | 'interest_income' | 'market_counterparty' | 'demo_grant', amount: number): this {
    if (amount !== 0) this.list.push({ owner: HOUSE, currency: this.currency, kind, amount });
    return this;
  }

  /**
   * A charge the user owes the house: paid from cash as far as it goes, the rest recorded as a
   * loan, so cash never goes negative and every yen owed stays visible (docs/architecture.md "The money model").
   */
  charge(kind: 'fee_income' | 'tax_payable' | 'interest_income' | 'market_counterparty', amount: number): this {
    if (amount <= 0) return this;
    const fromCash = Math.min(Math.max(this.cash, 0), amount);
    this.house(kind, amount);
    this.own('cash', -fromCash);
    this.own('loan', -(amount - fromCash));
    return this;
  }
}
