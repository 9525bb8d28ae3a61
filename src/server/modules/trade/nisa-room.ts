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
import { nisaPositionRows } from './nisa-room-repo';
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
 * The user's NISA rows as the room counts them (`exceptId`: without that order, as an amend needs).
 * Inside a money command, call it after the user's lock.
 */
export async function nisaRoomRows(db: Kysely<DB>, userId: string, exceptId?: string): Promise<NisaRoomRow[]> {
  const rows = await nisaPositionRows(db, userId, exceptId);
  return rows.map(roomRow).filter((r): r is NisaRoomRow => r !== null);
}

/** The user's NISA usage in the Tokyo year of `now` (`exceptId`: as if that waiting order were not there). */
export async function nisaUsageOf(db: Kysely<DB>, userId: string, now: number, exceptId?: string): Promise<NisaUsage> {
  return nisaUsage(await nisaRoomRows(db, userId, exceptId), jstYear(now));
}
