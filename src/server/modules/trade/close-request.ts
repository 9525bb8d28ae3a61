/**
 * The fields of a waiting close request ("ready to close"), from a close body: placed by the user
 * (closing.ts), or by an IFD / IFDOCO order when it fills (its `then`). No money moves: the margin
 * stays locked until the close fills.
 */
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import { jstDate } from '../../../shared/market';
import { nextStatus } from '../../../shared/domain/position';
import type { closeBody, thenClose } from '../../../shared/api/trade';
import { nextAuction } from './market';
import { expiryFor } from './order-terms';
import { transition, type PositionPatch, type PositionRow } from './repo';

export function closeRequestFields(pos: Pick<PositionRow, 'day_trade'>, body: z.infer<typeof closeBody>, now: number): PositionPatch {
  return {
    status: nextStatus('holding', 'request_close')!,
    close_type: body.type,
    close_limit_price: body.price ?? null,
    // A market close outside continuous trading waits for the next auction; a stop for its trigger.
    close_fill_at: body.type === 'market' && body.trigger === undefined ? nextAuction(now) : null,
    // A day trade is closed at today's closing match whatever the request says.
    close_expires_at: expiryFor(pos.day_trade === 1 ? 'day' : body.validity, jstDate(now)),
    close_trigger_price: body.trigger ?? null,
    close_triggered_at: null,
    close_stop_price: body.stop ?? null,
    updated_at: now,
  };
}

/**
 * IFD / IFDOCO: the order just filled (a holding row): its stored close becomes a waiting close
 * request at once. Its prices were checked when the order was placed; a trigger or stop the price
 * has meanwhile reached acts at the next run, as it would have had it been waiting.
 */
export async function placeThenClose(db: Kysely<DB>, pos: PositionRow, at: number): Promise<void> {
  if (pos.then_close === null) return;
  const body = JSON.parse(pos.then_close) as z.infer<typeof thenClose>;
  // A market close in continuous trading has no auction to wait for: it waits for the next one
  // (nextAuction is null then), and the job closes it at the live price like a queued market close.
  const fields = closeRequestFields(pos, body, at);
  if (body.type === 'market' && body.trigger === undefined && fields.close_fill_at === null) fields.close_fill_at = at;
  await transition(db, pos.id, 'holding', fields);
}
