import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { capitalGainsTax } from '../../../shared/domain/trade-money';
import { addYearGain, setYearWithheld, yearTaxRow } from './tax-repo';

/**
 * Tax on realized gains netted within the Tokyo calendar year (docs/tse-rules.md 20.315%): the
 * year's net gain moves by this close's gain, the tax due on the new net is compared with what
 * was withheld so far, and the difference is withheld (+) or refunded (−). So a loss later in the
 * year gives back tax withheld earlier, never more than was withheld.
 * The caller holds the user's cash lock, so two closes of one user never interleave here.
 */
export async function netYearTax(db: Kysely<DB>, userId: string, year: number, gain: number, now: number): Promise<number> {
  const row = await addYearGain(db, userId, year, gain, now);
  const delta = yearTaxDelta(Number(row.net_gain) - gain, Number(row.tax_withheld), gain);
  const due = Number(row.tax_withheld) + delta;
  if (delta !== 0) {
    await setYearWithheld(db, userId, year, due);
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
  const row = await yearTaxRow(db, userId, year);
  return { netGain: Number(row?.net_gain ?? 0), withheld: Number(row?.tax_withheld ?? 0) };
}
