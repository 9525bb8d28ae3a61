/**
 * The year's netting of realized gains (tax.ts), one row per user, Tokyo calendar year and account
 * type (trade_tax_year_account, migration 2026-11-30-001): accounts are never netted with each other.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Adds `gain` to the year's net gain of `account` (the row made on first use); returns the row as it now is. */
export async function addYearGain(db: Kysely<DB>, userId: string, year: number, account: string, gain: number, now: number) {
  await db
    .insertInto('trade_tax_year_account')
    .values({ user_id: userId, year, account, net_gain: 0, tax_withheld: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'year', 'account']).doNothing())
    .execute();
  return db
    .updateTable('trade_tax_year_account')
    .set({ net_gain: sql`net_gain + ${gain}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where('account', '=', account)
    .returning(['net_gain', 'tax_withheld'])
    .executeTakeFirstOrThrow();
}

export async function setYearWithheld(db: Kysely<DB>, userId: string, year: number, account: string, withheld: number): Promise<void> {
  await db
    .updateTable('trade_tax_year_account')
    .set({ tax_withheld: withheld })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where('account', '=', account)
    .execute();
}

export async function yearTaxRow(db: Kysely<DB>, userId: string, year: number, account: string) {
  return db
    .selectFrom('trade_tax_year_account')
    .select(['net_gain', 'tax_withheld'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where('account', '=', account)
    .executeTakeFirst();
}
