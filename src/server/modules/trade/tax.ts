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
  const delta = yearTaxDelta(Number(row.net_gain) - gain, Number(row.tax_withheld), gain);
  const due = Number(row.tax_withheld) + delta;
  if (delta !== 0) {
    await db.updateTable('trade_tax_year').set({ tax_withheld: due }).where('user_id', '=', userId).where('year', '=', year).execute();
  }
  return delta;
}

/**
 * The tax withheld (+) or refunded (−) by a close whose gain is `gain`, when the year so far has
 * netted `netGain` and withheld `withheld`: the tax due on the new net less what was withheld. The
 * close (netYearTax) and its estimate (close-preview.ts) both use it.
 */
export function yearTaxDelta(netGain: number, withheld: number, gain: number): number {
  return capitalGainsTax(netGain + gain) - withheld;
}

/** The year's netting so far (zero before the year's first close); read only, for an estimate. */
export async function readYearTax(db: Kysely<DB>, userId: string, year: number): Promise<{ netGain: number; withheld: number }> {
  const row = await db.selectFrom('trade_tax_year').select(['net_gain', 'tax_withheld']).where('user_id', '=', userId).where('year', '=', year).executeTakeFirst();
  return { netGain: Number(row?.net_gain ?? 0), withheld: Number(row?.tax_withheld ?? 0) };
}
