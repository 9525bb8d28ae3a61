/**
 * 現物売 (`POST trade/sell`, docs/decisions/011-selling-a-holding.md): a sale of shares of a cash
 * holding closes the user's sellable cash positions of that stock oldest first, whole positions
 * only, in one money command; each close is the single close of closing.ts (same checks, same
 * fills and postings). Nothing here opens a position, so a sale can never become a short.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../auth/principal';
import { moneyCommand } from '../../ledger';
import { ruleBroken } from '../../errors';
import { jstDate } from '../../../shared/market';
import type { sellableView, sellBody, sellResult } from '../../../shared/api/trade';
import { settleDeps } from './context';
import type { OrderOwner, TradeCtx } from './deps';
import { applyDueActions } from './corporate';
import { assertSellable, requestClose } from './closing';
import { tradable } from './market';
import { alertsFor, lockPosition, positionsByIds, userRowsOfCode, type PositionRow } from './repo';
import { positionView, QuoteCache } from './view';
import { fifoOrder, fifoSteps, isCashHolding, isSellable, planSale } from './sell-rules';

export type SellBody = z.infer<typeof sellBody>;

const HELD = ['in_progress', 'holding', 'closing'] as const;

function heldRows(db: Transaction<DB> | TradeCtx['database']['db'], userId: string, code: string) {
  return userRowsOfCode(db, userId, code, HELD);
}

type SellResult = z.infer<typeof sellResult>;

export function sellHolding(ctx: TradeCtx, user: AuthUser, body: SellBody, key: string): Promise<SellResult> {
  // Selling only closes: allowed to frozen and no_trade accounts too (返済のみ), as a single close is.
  return sellAs(ctx, user.id, () => ctx.accounts.assertCanClose(user), body, key);
}

/** A sale of an owner that is not a signed-in user (deps.ts OrderOwner): no account-state guard. */
export function sellForOwner(ctx: TradeCtx, owner: OrderOwner, body: SellBody, key: string): Promise<SellResult> {
  return sellAs(ctx, owner.ownerId, undefined, body, key);
}

function sellAs(ctx: TradeCtx, ownerId: string, guard: (() => void) | undefined, body: SellBody, key: string): Promise<SellResult> {
  return moneyCommand(ctx.ledger, {
    scope: ownerId, key, op: 'trade.sell', request: body, clock: ctx.clock,
    guard,
    prepare: () => ctx.config.values(),
    run: async ({ trx, now, prepared: cfg }) => {
      const code = tradable(ctx.market, body.code).code;
      const today = jstDate(now);
      // Lock every held row of the stock (id order), applying a split or dividend due today first,
      // so the share counts the sale is checked against are the ones it closes.
      const rows: PositionRow[] = [];
      for (const { id } of await heldRows(trx, ownerId, code)) {
        const locked = await lockPosition(trx, ctx.database.caps, id);
        if (!locked || !HELD.includes(locked.status as (typeof HELD)[number])) continue;
        rows.push((await applyDueActions(trx, settleDeps(ctx), ctx.market, locked, now)).row);
      }
      const cash = rows.filter(isCashHolding);
      const held = cash.reduce((a, r) => a + r.quantity, 0);
      const queue = fifoOrder(cash.filter((r) => isSellable(r, today)));
      const plan = planSale(body.shares, held, queue);
      if (!plan.ok) throw ruleBroken(plan.id, plan.params);
      const { code: _code, shares: _shares, ...close } = body;
      const sold = queue.slice(0, plan.count);
      for (const row of sold) await requestClose(trx, ctx, await assertSellable(trx, row, now), close, now, cfg);
      const ids = sold.map((r) => r.id);
      const after = await positionsByIds(trx, ids);
      const byId = new Map(after.map((r) => [r.id, r]));
      const alerts = await alertsFor(trx, ids);
      const quotes = new QuoteCache(ctx.market, now);
      return { code, shares: body.shares, positions: ids.map((id) => positionView(byId.get(id)!, alerts.get(id) ?? [], quotes)) };
    },
  });
}

/** What a sale of this stock may name now (the ticket's quantity choices). */
export async function sellableOf(ctx: TradeCtx, userId: string, rawCode: string): Promise<z.infer<typeof sellableView>> {
  const code = tradable(ctx.market, rawCode).code;
  const today = jstDate(ctx.clock.now());
  const cash = (await heldRows(ctx.database.db, userId, code)).filter(isCashHolding);
  const queue = fifoOrder(cash.filter((r) => isSellable(r, today)));
  return {
    code,
    held: cash.reduce((a, r) => a + r.quantity, 0),
    sellable: queue.reduce((a, r) => a + r.quantity, 0),
    steps: fifoSteps(queue),
    positions: queue.map((r) => ({ id: r.id, shares: r.quantity, buyTime: r.buy_time })),
  };
}
