/**
 * The user's NISA rows, as the room (nisa-room.ts) counts them: position rows, and the fund orders of
 * the trusts area read by table name (docs/decisions/022: a hot read inside the order command).
 * `exceptId` leaves one order out (an amend re-checks the room without its own reservation).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { NISA_FRAMES } from '../../../shared/domain/account-type';

export function nisaPositionRows(db: Kysely<DB>, userId: string, exceptId?: string) {
  let q = db
    .selectFrom('trade_position')
    .select(['account_type', 'status', 'buy_time', 'contract_value', 'open_fee', 'reserved', 'sell_time', 'book_cost'])
    .where('user_id', '=', userId)
    .where('account_type', 'in', [...NISA_FRAMES]);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return q.execute();
}

/** The user's fund orders in NISA frames that count: pending buys, filled buys, filled or paid sells. */
export function nisaTrustOrderRows(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom('trust_order')
    .select(['account_type', 'side', 'status', 'nav_date', 'reserved', 'book_cost'])
    .where('user_id', '=', userId)
    .where('account_type', 'in', [...NISA_FRAMES])
    .where('status', 'in', ['pending', 'filled', 'paid'])
    .execute();
}
