/**
 * 訂正: changing a waiting order's limit price or stop trigger, or a waiting close request's
 * (docs/domain.md "Trading"). The same checks as placing apply (tick, band, a trigger not already
 * reached); a buy limit's reservation follows its new price in the same command.
 */
import type { z } from 'zod';
import type { AuthUser } from '../../auth/principal';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Capabilities } from '../../db/capabilities';
import { lockCash, moneyCommand } from '../../ledger';
import { conflict, invalid, notFound, ruleBroken } from '../../errors';
import { isNisa, roomFor } from '../../../shared/domain/account-type';
import type { Currency } from '../../../shared/money';
import { roomRefusal } from './account-rules';
import { nisaUsageOf } from './nisa-room';
import { orderCost } from '../../../shared/domain/trade-money';
import type { Direction, PositionStatus } from '../../../shared/domain/position';
import type { amendBody, PositionView } from '../../../shared/api/trade';
import { closeSide, dayLimits, openSide, quoteAt, tradable } from './market';
import { assertOrderTime, checkLimitPrice } from './orders';
import { assertTriggerAhead } from './order-terms';
import { settleDeps } from './context';
import type { TradeCtx } from './deps';
import { adjustReserve } from './settle';
import { alertsFor, lockPosition, transition, type PositionRow } from './repo';
import { positionView, QuoteCache } from './view';

export type AmendBody = z.infer<typeof amendBody>;

export function amendOrder(ctx: TradeCtx, user: AuthUser, id: string, body: AmendBody, key: string): Promise<PositionView> {
  return moneyCommand(ctx.ledger, {
    scope: user.id, key, op: 'trade.amend', request: { id, ...body }, clock: ctx.clock,
    guard: () => ctx.accounts.assertCanClose(user),
    prepare: () => ctx.config.values(),
    run: async ({ trx, now, prepared: cfg }) => {
      const pos = await lockPosition(trx, ctx.database.caps, id);
      if (!pos || pos.user_id !== user.id) throw notFound('order_not_found');
      if (pos.status !== 'pending' && pos.status !== 'closing') throw conflict('order_state_invalid', { status: pos.status });
      // A new position waits behind a pending order: amending it is trading (a frozen account closes only).
      if (pos.status === 'pending') ctx.accounts.assertCanTrade(user);
      assertOrderTime(now, false);
      const inst = tradable(ctx.market, pos.code);
      const q = quoteAt(ctx.market, pos.code, now);
      const limits = dayLimits(q);
      const opening = pos.status === 'pending';
      const dir = pos.direction as Direction;
      const side = opening ? openSide(dir) : closeSide(dir);
      const type = opening ? pos.price_type : pos.close_type;
      const trigger = opening ? pos.trigger_price : pos.close_trigger_price;
      const triggeredAt = opening ? pos.triggered_at : pos.close_triggered_at;
      // Only what the order has can change: a market order has no price, and a reached stop no trigger.
      if (body.price !== undefined) {
        if (type !== 'limit') throw invalid('invalid_request', { field: 'price' });
        checkLimitPrice(body.price, inst, limits);
      }
      if (body.trigger !== undefined) {
        if (trigger === null || triggeredAt !== null) throw invalid('invalid_request', { field: 'trigger' });
        checkLimitPrice(body.trigger, inst, limits);
        assertTriggerAhead(side, body.trigger, q.price);
      }
      const patch: Partial<PositionRow> = { updated_at: now };
      if (opening) {
        if (body.price !== undefined) patch.limit_price = body.price;
        if (body.trigger !== undefined) patch.trigger_price = body.trigger;
        // A buy limit reserves at its limit (orders.ts); every other order at the day's upper limit, unchanged.
        if (body.price !== undefined && side === 'buy') {
          const reserved = orderCost(body.price, pos.quantity, pos.price_scale, pos.leverage_x10, cfg.feeSchedule).total;
          if (reserved > pos.reserved) await assertNisaRoom(trx, ctx.database.caps, pos, reserved, now);
          const memo = { id: 'memo_order_amended' as const, params: { code: pos.code, shares: pos.quantity, price: body.price, priceScale: pos.price_scale } };
          patch.reserved_unsettled = await adjustReserve(trx, settleDeps(ctx), pos, reserved, memo, now);
          patch.reserved = reserved;
        }
      } else {
        if (body.price !== undefined) patch.close_limit_price = body.price;
        if (body.trigger !== undefined) patch.close_trigger_price = body.trigger;
      }
      // The status it was read in is the guard (repo.ts transition).
      if (!(await transition(trx, pos.id, pos.status as PositionStatus, patch))) throw conflict('order_state_invalid', { status: pos.status });
      const row = { ...pos, ...patch } as PositionRow;
      return positionView(row, (await alertsFor(trx, [id])).get(id) ?? [], new QuoteCache(ctx.market, now));
    },
  });
}

/**
 * A waiting NISA buy whose reservation grows must still fit its frame's room: the room without this
 * order's own old reservation, read after the user's cash lock as the order command reads it.
 */
async function assertNisaRoom(trx: Transaction<DB>, caps: Capabilities, pos: PositionRow, reserved: number, now: number): Promise<void> {
  if (!isNisa(pos.account_type)) return;
  await lockCash(trx, caps, pos.user_id, pos.currency as Currency);
  const room = roomFor(await nisaUsageOf(trx, pos.user_id, now, pos.id), pos.account_type);
  const refusal = roomRefusal(pos.account_type, reserved, room);
  if (refusal) throw ruleBroken(refusal.id, refusal.params);
}
