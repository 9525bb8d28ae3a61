/**
 * Which account (預り区分) an order or a sale is in (docs/domain.md "Account types and NISA"): the
 * accounts a user has, what NISA takes, and the default when the request names none. Pure: the
 * order command, its preview and the sale use the same functions; the room (NISA usage) is read by
 * the caller under the user's lock (nisa-room.ts).
 */
import type { MessageId } from '../../../shared/api/messages';
import type { MessageParams } from '../../../shared/api/envelope';
import { isNisa, type AccountType, type NisaFrame } from '../../../shared/domain/account-type';
import type { Instrument } from '../../market';
import type { AccountSettings } from './account-type-repo';

export type Refusal = { id: MessageId; params: MessageParams };

/** The taxable account a non-NISA trade goes to by default: 特定 if the user has one, else 一般. */
export function taxableDefault(s: Pick<AccountSettings, 'specific'>): 'specific' | 'general' {
  return s.specific ? 'specific' : 'general';
}

/** The accounts a user has: 一般 always, 特定 unless they chose 一般 only, both NISA 枠 once approved. */
export function accountsOf(s: Pick<AccountSettings, 'specific' | 'nisa'>): AccountType[] {
  const out: AccountType[] = s.specific ? ['specific', 'general'] : ['general'];
  if (s.nisa) out.push('nisa_growth', 'nisa_tsumitate');
  return out;
}

/**
 * Why a NISA frame does not take the instrument, or null when it does: 成長投資枠 takes listed stocks
 * except 整理銘柄 / 監理銘柄; つみたて投資枠 only designated long-term funds, of which none are traded here.
 */
export function nisaIneligibility(frame: NisaFrame, inst: Pick<Instrument, 'kind' | 'designation'>): 'designated' | 'tsumitate_funds_only' | null {
  if (frame === 'nisa_tsumitate' || inst.kind !== 'stock') return 'tsumitate_funds_only';
  return inst.designation ? 'designated' : null;
}

export interface OrderAccountInput {
  requested: AccountType | undefined;
  /** A cash buy (1× long, not a day trade): the only trade NISA takes. */
  cashBuy: boolean;
  settings: Pick<AccountSettings, 'specific' | 'nisa'>;
  inst: Pick<Instrument, 'code' | 'kind' | 'designation'>;
}

/**
 * The account an order asks for, checked before any money is read: `nisa_margin_not_allowed` for
 * margin / short / day trades in NISA, `account_type_unavailable` for an account the user does not
 * have, `nisa_not_eligible` for what the frame does not take. Omitted: `undefined` when the default
 * may be NISA (decided by the room, defaultAccount), else the taxable default.
 */
export function requestedAccount(i: OrderAccountInput): { ok: true; account: AccountType | undefined } | { ok: false; refusal: Refusal } {
  const r = i.requested;
  if (r === undefined) {
    const nisaPossible = i.cashBuy && i.settings.nisa && nisaIneligibility('nisa_growth', i.inst) === null;
    return { ok: true, account: nisaPossible ? undefined : taxableDefault(i.settings) };
  }
  if (isNisa(r) && !i.cashBuy) return { ok: false, refusal: { id: 'nisa_margin_not_allowed', params: { account: r } } };
  if (!accountsOf(i.settings).includes(r)) return { ok: false, refusal: { id: 'account_type_unavailable', params: { account: r } } };
  if (isNisa(r)) {
    const reason = nisaIneligibility(r, i.inst);
    if (reason) return { ok: false, refusal: { id: 'nisa_not_eligible', params: { code: i.inst.code, account: r, reason } } };
  }
  return { ok: true, account: r };
}

export interface Room {
  yearRemaining: number;
  lifetimeRemaining: number;
  room: number;
}

/** The default when the order named none and NISA was possible: 成長投資枠 if `cost` fits its room, else the taxable default. */
export function defaultAccount(cost: number, growthRoom: Room, s: Pick<AccountSettings, 'specific'>): AccountType {
  return cost <= growthRoom.room ? 'nisa_growth' : taxableDefault(s);
}

/** A NISA buy costing `cost` (yen, fees included, or what it reserves) against its frame's room. */
export function roomRefusal(account: NisaFrame, cost: number, room: Room): Refusal | null {
  if (cost <= room.room) return null;
  return { id: 'nisa_limit_exceeded', params: { account, yearRemaining: room.yearRemaining, lifetimeRemaining: room.lifetimeRemaining } };
}
