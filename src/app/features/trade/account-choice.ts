/**
 * 預り区分 on the order ticket (docs/domain.md "Account types and NISA"): which of the four account
 * types an order may go to, and why not when it may not. Pure; the server enforces the same rules
 * (account_type_unavailable, nisa_margin_not_allowed, nisa_not_eligible) and resolves the default.
 */
import { ACCOUNT_TYPES, isNisa, type AccountType } from '../../../shared/domain/account-type';

/**
 * Why an account cannot take this order: the user chose 一般 only (no 特定口座), NISA is not open
 * (yet: not applied for, or applied for and under review), a margin / short / day trade (never NISA), つみたて投資枠 (designated funds only, none
 * offered yet), a 整理銘柄 / 監理銘柄 (not for 成長投資枠). One reason per account, the first that holds.
 */
export type AccountRefusal = 'no_specific' | 'nisa_closed' | 'nisa_pending' | 'nisa_margin' | 'tsumitate_funds' | 'not_eligible';

export interface AccountOption {
  value: AccountType;
  refusal: AccountRefusal | null;
}

/** What the ticket knows of the user's accounts; null fields are not known yet (nothing refused for them). */
export interface AccountSettings {
  specific: boolean | null;
  nisaOpen: boolean | null;
  /** The user's NISA application awaits review (GET tax-account nisa.state 'pending'): said as such, not as "not opened". */
  nisaPending?: boolean;
}

export function accountOptions(input: { margin: boolean; settings: AccountSettings; designated: boolean }): AccountOption[] {
  const { margin, settings, designated } = input;
  const refusal = (a: AccountType): AccountRefusal | null => {
    if (a === 'general') return null;
    if (a === 'specific') return settings.specific === false ? 'no_specific' : null;
    if (margin) return 'nisa_margin';
    // つみたて's own reason first: an open NISA account would not make it usable.
    if (a === 'nisa_tsumitate') return 'tsumitate_funds';
    if (settings.nisaOpen === false) return settings.nisaPending ? 'nisa_pending' : 'nisa_closed';
    return designated ? 'not_eligible' : null;
  };
  return ACCOUNT_TYPES.map((value) => ({ value, refusal: refusal(value) }));
}

/** The user's pick while the options still allow it; otherwise none (the server's default applies). */
export function allowedPick(options: readonly AccountOption[], pick: AccountType | null): AccountType | null {
  return pick !== null && options.some((o) => o.value === pick && o.refusal === null) ? pick : null;
}

/** The refused options grouped by reason, in the options' order (one note per reason). */
export function refusalNotes(options: readonly AccountOption[]): { refusal: AccountRefusal; accounts: AccountType[] }[] {
  const out: { refusal: AccountRefusal; accounts: AccountType[] }[] = [];
  for (const o of options) {
    if (o.refusal === null) continue;
    const note = out.find((n) => n.refusal === o.refusal);
    if (note) note.accounts.push(o.value);
    else out.push({ refusal: o.refusal, accounts: [o.value] });
  }
  return out;
}

/** The NISA room an order would use: what it costs now, or what it holds back while it waits. */
export function exceedsRoom(account: AccountType | null, room: number | null, need: number | null): boolean {
  return account !== null && isNisa(account) && room !== null && need !== null && need > room;
}
