import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { capitalGainsTax } from '../../../shared/domain/trade-money';
import { accountSettings } from './account-type-repo';
import { addYearGain, setYearWithheld, yearTaxRow } from './tax-repo';

/**
 * Whether gains in `account` have tax withheld at source: only a 特定口座 with 源泉徴収あり (docs/domain.md
 * "Account types and NISA"). Without withholding, and in a 一般口座, the user files the tax; a NISA
 * account's gains are tax-free. The close and its estimate both ask here, so they cannot differ.
 */
export async function withholdsTax(db: Kysely<DB>, userId: string, account: string): Promise<boolean> {
  if (account !== 'specific') return false;
  return (await accountSettings(db, userId)).withholding;
}

/**
 * Tax on realized gains netted within the Tokyo calendar year and the account (docs/tse-rules.md
 * 20.315%): the year's net gain of the account moves by this close's gain and, where tax is withheld,
 * the tax due on the new net is compared with what was withheld so far, and the difference is
 * withheld (+) or refunded (−). So a loss later in the year gives back tax withheld earlier in the
 * same account, never more than was withheld. Accounts are never netted with each other (a NISA
 * loss refunds nothing: 損益通算不可); where nothing is withheld the net is still recorded, for the
 * user's statement. The caller holds the user's cash lock, so two closes of one user never interleave here.
 */
export async function netYearTax(db: Kysely<DB>, userId: string, year: number, account: string, withholds: boolean, gain: number, now: number): Promise<number> {
  const row = await addYearGain(db, userId, year, account, gain, now);
  const delta = yearTaxDelta(withholds, Number(row.net_gain) - gain, Number(row.tax_withheld), gain);
  if (delta !== 0) {
    await setYearWithheld(db, userId, year, account, Number(row.tax_withheld) + delta);
  }
  return delta;
}

/**
 * The tax withheld (+) or refunded (−) by a close whose gain is `gain`, when the account's year so
 * far has netted `netGain` and withheld `withheld`: the tax due on the new net less what was
 * withheld; nothing where tax is not withheld. The close (netYearTax) and its estimate
 * (close-preview.ts) both use it.
 */
export function yearTaxDelta(withholds: boolean, netGain: number, withheld: number, gain: number): number {
  if (!withholds) return 0;
  return capitalGainsTax(netGain + gain) - withheld;
}

/** The account's year netting so far (zero before the year's first close there); read only, for an estimate. */
export async function readYearTax(db: Kysely<DB>, userId: string, year: number, account: string): Promise<{ netGain: number; withheld: number }> {
  const row = await yearTaxRow(db, userId, year, account);
  return { netGain: Number(row?.net_gain ?? 0), withheld: Number(row?.tax_withheld ?? 0) };
}
