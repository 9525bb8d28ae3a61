/**
 * 現物売 (`POST trade/sell`, docs/decisions/011-selling-a-holding.md): a sale of any number of 単元
 * of a cash holding closes the user's sellable cash positions of that stock oldest first, in one
 * money command; when the last position it needs is larger than what is left to sell, that row is
 * split first (the sold part becomes its own row). Each close is the single close of closing.ts
 * (same checks, fills and postings; the gain from the 取得費 by 総平均法, book-cost.ts). Nothing
 * here opens a position, so a sale can never become a short.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../auth/principal';
import { moneyCommand } from '../../ledger';
import { conflict, invalid, ruleBroken } from '../../errors';
import { jstDate, LOT_SIZE } from '../../../shared/market';
import { uuidv7 } from 'uuidv7';
import type { sellableView, sellBody, sellResult } from '../../../shared/api/trade';
import { settleDeps } from './context';
import type { OrderOwner, TradeCtx } from './deps';
import { applyDueActions } from './corporate';
import { assertSellable, requestClose } from './closing';
import { tradable } from './market';
import { alertsFor, insertPosition, lockPosition, positionsByIds, transition, userRowsOfCode, type PositionRow } from './repo';
import { positionView, QuoteCache } from './view';
import { fifoOrder, heldByAccount, isCashHolding, isSellable, planSale, saleAccount } from './sell-rules';
import { accountSettings } from './account-type-repo';
import { taxableDefault } from './account-rules';
import type { AccountType } from '../../../shared/domain/account-type';
import { averageUnitCost, splitMoney } from './book-cost-rules';
import { holdingBook } from './book-cost';

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
      // One account's holding is sold (FIFO and the 取得価額 pool are per account, book-cost.ts).
      const allCash = rows.filter(isCashHolding);
      const chosen = saleAccount(body.account, allCash.map((r) => r.account_type as AccountType), await accountSettings(trx, ownerId));
      if (!chosen.ok) throw invalid(chosen.refusal.id, chosen.refusal.params);
      const cash = allCash.filter((r) => r.account_type === chosen.account);
      const held = cash.reduce((a, r) => a + r.quantity, 0);
      const queue = fifoOrder(cash.filter((r) => isSellable(r, today)));
      const plan = planSale(body.shares, held, LOT_SIZE, queue);
      if (!plan.ok) throw ruleBroken(plan.id, plan.params);
      const { code: _code, shares: _shares, account: _account, ...close } = body;
      const sold: PositionRow[] = [];
      for (const row of queue.slice(0, plan.whole)) sold.push(await assertSellable(trx, row, now));
      if (plan.part > 0) sold.push(await splitOff(trx, await assertSellable(trx, queue[plan.whole]!, now), plan.part, now));
      for (const row of sold) await requestClose(trx, ctx, row, close, now, cfg);
      const ids = sold.map((r) => r.id);
      const after = await positionsByIds(trx, ids);
      const byId = new Map(after.map((r) => [r.id, r]));
      const alerts = await alertsFor(trx, ids);
      const quotes = new QuoteCache(ctx.market, now);
      return { code, shares: body.shares, positions: ids.map((id) => positionView(byId.get(id)!, alerts.get(id) ?? [], quotes)) };
    },
  });
}

const lotsOf = (shares: number) => (shares % LOT_SIZE === 0 ? shares / LOT_SIZE : null);

/**
 * Cuts `shares` off held row `row` into a new row (same purchase time, T+N date, lock and terms;
 * its share of cost, buy fee and 取得価額, book-cost-rules.ts splitMoney) and returns it; `row` keeps
 * the rest and everything that hangs off it (alerts, a loan, an IPO or block purchase link).
 */
async function splitOff(trx: Transaction<DB>, row: PositionRow, shares: number, now: number): Promise<PositionRow> {
  const money = splitMoney(row, shares);
  const part: PositionRow = { ...row, ...money.sold, id: uuidv7(), quantity: shares, lots: lotsOf(shares), updated_at: now };
  const rest = row.quantity - shares;
  const ok = await transition(trx, row.id, row.status as 'holding', { ...money.rest, quantity: rest, lots: lotsOf(rest), updated_at: now });
  if (!ok) throw conflict('order_state_invalid', { status: row.status });
  await insertPosition(trx, part);
  return part;
}

/**
 * What a sale of this stock from an account may name now (the ticket's quantity choices) and its
 * 平均取得単価; the account asked for, else the only (or the first, ACCOUNT_TYPES order) one holding
 * it, else the taxable default. `accounts` lists every account holding it.
 */
export async function sellableOf(ctx: TradeCtx, userId: string, rawCode: string, asked?: AccountType): Promise<z.infer<typeof sellableView>> {
  const code = tradable(ctx.market, rawCode).code;
  const today = jstDate(ctx.clock.now());
  const allCash = (await heldRows(ctx.database.db, userId, code)).filter(isCashHolding);
  const accounts = heldByAccount(allCash, today);
  const account = asked ?? accounts[0]?.account ?? taxableDefault(await accountSettings(ctx.database.db, userId));
  const cash = allCash.filter((r) => r.account_type === account);
  const queue = fifoOrder(cash.filter((r) => isSellable(r, today)));
  const book = await holdingBook(ctx.database.db, userId, code, account);
  const priceScale = ctx.market.instrument(code)?.priceScale ?? cash[0]?.price_scale ?? 1;
  return {
    code,
    account,
    accounts,
    held: cash.reduce((a, r) => a + r.quantity, 0),
    sellable: queue.reduce((a, r) => a + r.quantity, 0),
    lot: LOT_SIZE,
    bookCost: book.total,
    averageCost: averageUnitCost(book.total, book.shares, priceScale),
    priceScale,
    positions: queue.map((r) => ({ id: r.id, shares: r.quantity, buyTime: r.buy_time })),
  };
}
