/**
 * The NISA room on the database (the definitions and arithmetic are pure, in
 * shared/domain/account-type.ts): the user's NISA rows read as purchases, waiting buys and sales.
 * Computed from the positions themselves, never from counters, so there is nothing to reset on
 * 1 January and nothing to drift (docs/decisions/025-account-types-and-nisa.md).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { jstYear } from '../../../shared/market';
import { isNisa, nisaUsage, type NisaRoomRow, type NisaUsage } from '../../../shared/domain/account-type';
import { nisaPositionRows, nisaTrustOrderRows } from './nisa-room-repo';
import type { PositionRow } from './repo';

const yearOf = (at: number | null) => (at === null ? null : jstYear(at));

/** One NISA position row as the room counts it (NisaRoomRow). */
export function roomRow(r: Pick<PositionRow, 'account_type' | 'status' | 'buy_time' | 'contract_value' | 'open_fee' | 'reserved' | 'sell_time' | 'book_cost'>): NisaRoomRow | null {
  if (!isNisa(r.account_type)) return null;
  const filled = r.contract_value !== null && r.buy_time !== null;
  const sold = filled && r.sell_time !== null && (r.status === 'closed' || r.status === 'ended');
  return {
    account: r.account_type,
    boughtYear: filled ? yearOf(r.buy_time) : null,
    cost: filled ? r.contract_value! + r.open_fee : 0,
    reserved: r.status === 'pending' ? r.reserved : 0,
    soldYear: sold ? yearOf(r.sell_time) : null,
    soldBook: sold ? (r.book_cost ?? r.contract_value! + r.open_fee) : 0,
  };
}

/**
 * One fund order in a NISA frame as the room counts it (docs/domain.md "Investment trusts and 積立"):
 * a pending buy holds back its reservation; a filled buy (a plan run or a reinvested distribution
 * too) counts what it paid in the Tokyo year of its NAV date; a 解約 frees its 取得価額 from the year
 * after the year of its NAV date.
 */
export function trustRoomRow(r: { account_type: string; side: string; status: string; nav_date: string; reserved: number; book_cost: number | null }): NisaRoomRow | null {
  if (!isNisa(r.account_type)) return null;
  const year = Number(r.nav_date.slice(0, 4));
  const none = { account: r.account_type, boughtYear: null, cost: 0, reserved: 0, soldYear: null, soldBook: 0 };
  if (r.side === 'buy' && r.status === 'pending') return { ...none, reserved: Number(r.reserved) };
  if (r.side === 'buy' && r.status === 'filled') return { ...none, boughtYear: year, cost: Number(r.book_cost ?? 0) };
  if (r.side === 'sell' && (r.status === 'filled' || r.status === 'paid')) return { ...none, soldYear: year, soldBook: Number(r.book_cost ?? 0) };
  return null;
}

/**
 * The user's NISA rows as the room counts them, positions and fund orders (`exceptId`: without that
 * position order, as an amend needs). Inside a money command, call it after the user's lock.
 */
export async function nisaRoomRows(db: Kysely<DB>, userId: string, exceptId?: string): Promise<NisaRoomRow[]> {
  const rows = await nisaPositionRows(db, userId, exceptId);
  const trusts = await nisaTrustOrderRows(db, userId);
  return [...rows.map(roomRow), ...trusts.map(trustRoomRow)].filter((r): r is NisaRoomRow => r !== null);
}

/** The user's NISA usage in the Tokyo year of `now` (`exceptId`: as if that waiting order were not there). */
export async function nisaUsageOf(db: Kysely<DB>, userId: string, now: number, exceptId?: string): Promise<NisaUsage> {
  return nisaUsage(await nisaRoomRows(db, userId, exceptId), jstYear(now));
}
