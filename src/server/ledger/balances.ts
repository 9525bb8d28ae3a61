import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { Currency } from '../../shared/money';
import type { AccountKind } from './accounts';

/** Balances of one owner: currency → kind → amount (minor units). Absent = never posted = 0. */
export type BalanceSheet = Partial<Record<Currency, Partial<Record<AccountKind, number>>>>;

/** One balance; 0 when the account does not exist yet (accounts are created on first posting). */
export async function readBalance(db: Kysely<DB>, owner: string, currency: Currency, kind: AccountKind): Promise<number> {
  const row = await db
    .selectFrom('balance')
    .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
    .select('balance.amount')
    .where('ledger_account.owner', '=', owner)
    .where('ledger_account.currency', '=', currency)
    .where('ledger_account.kind', '=', kind)
    .executeTakeFirst();
  return row?.amount ?? 0;
}

export async function readBalances(db: Kysely<DB>, owner: string): Promise<BalanceSheet> {
  const rows = await db
    .selectFrom('balance')
    .innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
    .select(['ledger_account.currency', 'ledger_account.kind', 'balance.amount'])
    .where('ledger_account.owner', '=', owner)
    .orderBy('ledger_account.currency')
    .orderBy('ledger_account.kind')
    .execute();
  const sheet: BalanceSheet = {};
  for (const r of rows) {
    const byKind = (sheet[r.currency as Currency] ??= {});
    byKind[r.kind as AccountKind] = r.amount;
  }
  return sheet;
}
