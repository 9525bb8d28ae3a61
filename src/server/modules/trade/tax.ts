import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { capitalGainsTax } from '../../../shared/domain/trade-money';

/**
 * Tax on realized gains netted within the Tokyo calendar year (docs/tse-rules.md 20.315%): the
 * year's net gain moves by this close's gain, the tax due on the new net is compared with what
 * was withheld so far, and the difference is withheld (+) or refunded (−). So a loss later in the
 * year gives back tax withheld earlier, never more than was withheld.
 * The caller holds the user's cash lock, so two closes of one user never interleave here.
 */
export async function netYearTax(db: Kysely<DB>, userId: string, year: number, gain: number, now: number): Promise<number> {
  await db
    .insertInto('trade_tax_year')
    .values({ user_id: userId, year, net_gain: 0, tax_withheld: 0, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
    .execute();
  const row = await db
    .updateTable('trade_tax_year')
    .set({ net_gain: sql`net_gain + ${gain}`, updated_at: now })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .returning(['net_gain', 'tax_withheld'])
    .executeTakeFirstOrThrow();
  const due = capitalGainsTax(Number(row.net_gain));
  const delta = due - Number(row.tax_withheld);
  if (delta !== 0) {
    await db.updateTable('trade_tax_year').set({ tax_withheld: due }).where('user_id', '=', userId).where('year', '=', year).execute();
  }
  return delta;
}
