/** The user's NISA position rows, as the room (nisa-room.ts) counts them; `exceptId` leaves one order out. */
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
