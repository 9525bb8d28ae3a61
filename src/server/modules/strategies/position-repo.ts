/**
 * The fund owner's rows in `trade_position` (the trade module writes them; a fund reads its own to
 * value itself and show its trades). Every function takes the pool or a transaction.
 */
import type { Executor } from '../../db/executor';

/** Positions the fund still holds (open, or being opened or closed). */
const HELD = ['holding', 'in_progress', 'closing'] as const;

export function heldPositions(db: Executor, owner: string) {
  return db.selectFrom('trade_position').selectAll().where('user_id', '=', owner).where('status', 'in', HELD).execute();
}

/** The result figures of the fund's closed positions (its win rate). */
export function closedResults(db: Executor, owner: string) {
  return db
    .selectFrom('trade_position')
    .select(['pnl', 'open_fee', 'close_fee', 'interest', 'tax'])
    .where('user_id', '=', owner)
    .where('status', 'in', ['closed', 'ended'])
    .execute();
}

/** The fund's latest bought positions, newest first (its trade list). */
export function recentPositions(db: Executor, owner: string, limit: number) {
  return db
    .selectFrom('trade_position')
    .selectAll()
    .where('user_id', '=', owner)
    .where('buy_time', 'is not', null)
    .orderBy('buy_time', 'desc')
    .limit(limit)
    .execute();
}
