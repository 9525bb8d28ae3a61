import type { TrustFundView, TrustOrderBody } from '../../../shared/api/trusts';
import type { AccountType } from '../../../shared/domain/account-type';
import { isApiError } from '../../api/client';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';

/*
 * The fund order ticket's rules without React (TrustOrderScreen): what was typed, which accounts
 * may buy, the order body, and the server's refusals and failures as text.
 */

export type Side = 'buy' | 'sell';
export type BuyMode = 'amount' | 'units';
export type SellMode = 'units' | 'all';

/** A whole number typed with or without separators; null when it is not one. */
export function parseWhole(text: string): number | null {
  const s = text.replace(/[,，\s]/g, '');
  return /^\d{1,13}$/.test(s) ? Number(s) : null;
}

/** The accounts a one-off buy offers, in their order on the ticket. */
export const BUY_ACCOUNTS: AccountType[] = ['specific', 'general', 'nisa_growth', 'nisa_tsumitate'];

/** Why an account cannot take a one-off buy of this fund (null: it can). */
export type BuyRefusal = 'no_specific' | 'nisa_closed' | 'nisa_pending' | 'tsumitate_plan' | 'fund';

export type TaxInfo = { specific: boolean; nisa: string } | undefined;

export function buyRefusal(a: AccountType, f: TrustFundView, tax: TaxInfo): BuyRefusal | null {
  if (a === 'general') return null;
  if (a === 'specific') return tax && !tax.specific ? 'no_specific' : null;
  if (a === 'nisa_tsumitate') return 'tsumitate_plan';
  if (f.eligibility.nisa_growth !== null) return 'fund';
  if (tax && tax.nisa !== 'approved') return tax.nisa === 'pending' ? 'nisa_pending' : 'nisa_closed';
  return null;
}

/** The account picked when it may buy, else the first that may (never NISA 成長 unasked). */
export function buyAccount(pick: AccountType | null, refusals: Map<AccountType, BuyRefusal | null>): AccountType | null {
  if (pick !== null && refusals.get(pick) === null) return pick;
  return BUY_ACCOUNTS.find((a) => refusals.get(a) === null && a !== 'nisa_growth') ?? null;
}

export function buyBody(fundId: string, account: AccountType, mode: BuyMode, n: number): TrustOrderBody {
  return { fundId, side: 'buy', account, mode, ...(mode === 'amount' ? { amount: n } : { units: n }) };
}

export function sellBody(fundId: string, account: AccountType, mode: SellMode, n: number | null): TrustOrderBody {
  return { fundId, side: 'sell', account, mode, ...(mode === 'units' ? { units: n ?? 0 } : {}) };
}

/** The server's refusal (a message id with params) in the reader's language. */
export function refusalText(r: { id: string; params: Record<string, unknown> } | null | undefined): string | null {
  if (!r) return null;
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(r.params)) if (typeof v === 'string' || typeof v === 'number') params[k] = v;
  return translateMessage(r.id, params, getLanguage());
}

export function errorText(e: unknown): string {
  return translateMessage(isApiError(e) ? e.msg || 'failed' : 'network_error', isApiError(e) ? e.params : undefined, getLanguage());
}
