/** The year's netting of realized gains per user (tax.ts), one row per user and Tokyo calendar year. */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Adds `gain` to the year's net gain (the row made on first use); returns the row as it now is. */
export async function addYearGain(db: Kysely<DB>, userId: string, year: number, gain: number, now: number) {
  await db
    .insertInto('trade_tax_year')
    .values({ user_id: userId, year, net_gain: 0, tax_withheld: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
    .execute();
  return db
    .updateTable('trade_tax_year')
    .set({ net_gain: sql`net_gain + ${gain}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .returning(['net_gain', 'tax_withheld'])
    .executeTakeFirstOrThrow();
}

export async function setYearWithheld(db: Kysely<DB>, userId: string, year: number, withheld: number): Promise<void> {
  await db.updateTable('trade_tax_year').set({ tax_withheld: withheld }).where('user_id', '=', userId).where('year', '=', year).execute();
}

export async function yearTaxRow(db: Kysely<DB>, userId: string, year: number) {
  return db.selectFrom('trade_tax_year').select(['net_gain', 'tax_withheld']).where('user_id', '=', userId).where('year', '=', year).executeTakeFirst();
}
