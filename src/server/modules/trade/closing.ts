/** Closing positions and cancelling orders or close requests (statuses: shared/domain/position.ts). */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../auth/principal';
import { moneyCommand } from '../../ledger';
import { conflict, notFound, ruleBroken } from '../../errors';
import { isContinuousTrading, jstDate, sessionAt } from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { nextStatus, tPlusNApplies, type CloseReason, type Direction, type PositionStatus } from '../../../shared/domain/position';
import type { closeBody, PositionView } from '../../../shared/api/trade';
import { closeSide, dayLimits, limitFill, marketPrice, quoteAt, tradable } from './market';
import { assertOrderTime, checkLimitPrice } from './orders';
import { settleDeps } from './context';
import type { TradeCtx } from './deps';
import { releasePending, settleClose } from './settle';
import { applyDueActions } from './corporate';
import { assertTriggerAhead } from './order-terms';
import { closeRequestFields } from './close-request';
import { alertsFor, liveStockLoan, lockPosition, pendingIdsOf, positionRow, transition, type PositionRow } from './repo';
import { positionView, QuoteCache } from './view';

export type CloseBody = z.infer<typeof closeBody>;

async function ownPosition(trx: Transaction<DB>, ctx: TradeCtx, userId: string, id: string): Promise<PositionRow> {
  const pos = await lockPosition(trx, ctx.database.caps, id);
  // Someone else's position answers exactly like a missing one.
  if (!pos || pos.user_id !== userId) throw notFound('order_not_found');
  return pos;
}

async function viewOf(trx: Transaction<DB>, ctx: TradeCtx, id: string, now: number): Promise<PositionView> {
  const row = await positionRow(trx, id);
  return positionView(row, (await alertsFor(trx, [id])).get(id) ?? [], new QuoteCache(ctx.market, now));
}

const rowTerms = (p: PositionRow) => ({ dayTrade: p.day_trade === 1, leverageX10: p.leverage_x10, direction: p.direction });

const stateInvalid = (status: string) => conflict('order_state_invalid', { status });

/**
 * Selling a cash holding is allowed from T+N trading days after the buy (config sellAfterDays;
 * margin positions, shorts and day trades are exempt: tPlusNApplies) and, for a block-trade
 * purchase, from the end of its lock. A block purchase whose lock
 * has ended is unlocked here first, so the user never waits for the job.
 */
export async function assertSellable(trx: Transaction<DB>, pos: PositionRow, now: number): Promise<PositionRow> {
  const today = jstDate(now);
  if (pos.status === 'in_progress') {
    if (pos.locked_until !== null && today < pos.locked_until) {
      throw ruleBroken('sell_not_allowed_yet', { date: pos.locked_until, reason: 'block_lock' });
    }
    if (!(await transition(trx, pos.id, 'in_progress', { status: 'holding', updated_at: now }))) throw stateInvalid(pos.status);
    pos = { ...pos, status: 'holding' };
  }
  // Only a holding position takes a close; a repeated close on "ready to close" is refused.
  if (!nextStatus(pos.status as PositionStatus, 'request_close')) throw stateInvalid(pos.status);
  // Lent shares (貸株, the lending area: docs/domain.md "Loans and stock lending") cannot be sold
  // until the recall completes (repo.ts liveStockLoan).
  const lent = await liveStockLoan(trx, pos.id);
  if (lent) throw ruleBroken('position_lent', lent.completes_on ? { code: pos.code, date: lent.completes_on } : { code: pos.code });
  if (tPlusNApplies(rowTerms(pos)) && pos.sellable_from !== null && today < pos.sellable_from) {
    throw ruleBroken('sell_not_allowed_yet', { date: pos.sellable_from, reason: 't_plus_n' });
  }
  return pos;
}

export function closePosition(ctx: TradeCtx, user: AuthUser, id: string, body: CloseBody, key: string): Promise<PositionView> {
  return moneyCommand(ctx.ledger, {
    scope: user.id, key, op: 'trade.close', request: { id, ...body }, clock: ctx.clock,
    guard: () => ctx.accounts.assertCanClose(user),
    prepare: () => ctx.config.values(),
    run: async ({ trx, now, prepared: cfg }) => {
      // A split or dividend due today is applied before the close, even if the job has not run yet.
      const { row } = await applyDueActions(trx, settleDeps(ctx), ctx.market, await ownPosition(trx, ctx, user.id, id), now);
      const pos = await assertSellable(trx, row, now);
      await requestClose(trx, ctx, pos, body, now, cfg);
      return viewOf(trx, ctx, id, now);
    },
  });
}

export async function requestClose(trx: Transaction<DB>, ctx: TradeCtx, pos: PositionRow, body: CloseBody, now: number, cfg: ConfigValues) {
  assertOrderTime(now, false);
  const inst = tradable(ctx.market, pos.code);
  const session = sessionAt(now);
  const q = quoteAt(ctx.market, pos.code, now);
  const side = closeSide(pos.direction as 'up' | 'down');
  // The same checks and refusals (nearest valid prices in params) as an opening order.
  for (const p of [body.price, body.trigger, body.stop]) if (p !== undefined) checkLimitPrice(p, inst, dayLimits(q));
  if (body.trigger !== undefined) assertTriggerAhead(side, body.trigger, q.price);
  if (body.stop !== undefined) assertTriggerAhead(side, body.stop, q.price);
  if (isContinuousTrading(session) && body.trigger === undefined) {
    const fill = body.type === 'market' ? marketPrice(side, q) : limitFill(side, body.price!, q);
    if (body.type === 'market' && fill === null) throw ruleBroken('price_unavailable', { code: pos.code });
    if (fill !== null) return settleClose(trx, settleDeps(ctx), pos, fill, now, 'user', cfg);
  }
  // Not fillable now: "ready to close" until the next auction (market), the price (limit) or the trigger.
  const ok = await transition(trx, pos.id, 'holding', closeRequestFields(pos, body, now));
  if (!ok) throw stateInvalid(pos.status);
}

/** Cancels a pending order (its reservation returns to cash) or withdraws a close request. */
export function cancelOrder(ctx: TradeCtx, user: AuthUser, id: string, key: string): Promise<PositionView> {
  // No account-state guard: cancelling only returns reserved money to the user.
  return moneyCommand(ctx.ledger, {
    scope: user.id, key, op: 'trade.cancel', request: { id }, clock: ctx.clock,
    run: async ({ trx, now }) => {
      const pos = await ownPosition(trx, ctx, user.id, id);
      if (pos.status === 'pending') {
        await releasePending(trx, settleDeps(ctx), pos, 'cancel', now);
      } else if (pos.status === 'closing') {
        const ok = await transition(trx, pos.id, 'closing', {
          status: nextStatus('closing', 'cancel_close')!,
          close_type: null, close_limit_price: null, close_fill_at: null, close_expires_at: null,
          close_trigger_price: null, close_triggered_at: null, close_stop_price: null, updated_at: now,
        });
        if (!ok) throw stateInvalid(pos.status);
      } else {
        throw stateInvalid(pos.status);
      }
      return viewOf(trx, ctx, id, now);
    },
  });
}

/**
 * An account restricted by an admin (frozen, no_trade, banned) loses its pending new orders: each
 * is cancelled and its reservation returns to cash, in the state change's transaction, so nothing
 * queued before the restriction opens a position after it (close requests stay: closing is allowed).
 */
export async function cancelPendingOrders(ctx: TradeCtx, trx: Transaction<DB>, userId: string): Promise<number> {
  const ids = await pendingIdsOf(trx, userId);
  const now = ctx.clock.now();
  let cancelled = 0;
  for (const { id } of ids) {
    const pos = await lockPosition(trx, ctx.database.caps, id);
    if (!pos || pos.status !== 'pending') continue; // filled or cancelled meanwhile
    await releasePending(trx, settleDeps(ctx), pos, 'cancel', now);
    cancelled++;
  }
  return cancelled;
}

/** What a close at the market sold: the stock, the shares and the price they went at. */
export interface MarketClose {
  code: string;
  shares: number;
  price: number;
  priceScale: number;
}

/**
 * Closes a held position at the market now for a reason of the system, in the caller's transaction
 * (the lending area's LTV forced sale, docs/domain.md "Loans and stock lending"): the row is locked,
 * and the close is the one the engine makes (journaled 強制決済 for a forced close). Null when the
 * row is no longer held or its side of the book is empty; `price_unavailable` without a quote.
 */
export async function closeAtMarket(
  ctx: TradeCtx, trx: Transaction<DB>, positionId: string, reason: Exclude<CloseReason, 'user'>, at: number, cfg: ConfigValues,
): Promise<MarketClose | null> {
  const pos = await lockPosition(trx, ctx.database.caps, positionId);
  if (!pos || pos.status !== 'holding') return null;
  const price = marketPrice(closeSide(pos.direction as Direction), quoteAt(ctx.market, pos.code, at));
  if (price === null) return null;
  await settleClose(trx, settleDeps(ctx), pos, price, at, reason, cfg);
  return { code: pos.code, shares: pos.quantity, price, priceScale: pos.price_scale };
}
