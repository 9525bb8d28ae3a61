/** Placing orders (docs/domain.md trading; docs/tse-rules.md sessions, ticks and limits). */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../../db/schema';
import type { AuthUser } from '../../auth/principal';
import type { Quote } from '../../market';
import { assertNoShortfall, lockCash, moneyCommand } from '../../ledger';
import { invalid, ruleBroken } from '../../errors';
import { acceptsOrders, isContinuousTrading, jstDate, limitPriceRefusal, LOT_SIZE, sessionAt, type LimitPrices, type MarketSession } from '../../../shared/market';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { leverageAllowed, leverageTenths, tPlusNApplies, type Direction } from '../../../shared/domain/position';
import { orderCost } from '../../../shared/domain/trade-money';
import type { orderBody, PositionView } from '../../../shared/api/trade';
import { dayClose, dayLimits, limitFill, marketPrice, nextAuction, openSide, quoteAt, tradable, type Tradable } from './market';
import { newPositionRow, settleDeps } from './context';
import type { OrderOwner, TradeCtx } from './deps';
import { openFields, openMemo, postOpenFromCash, postReserve } from './settle';
import { findPosition, insertPosition, notifyFill, type PositionRow } from './repo';
import { placeThenClose } from './close-request';
import { positionView, QuoteCache } from './view';
import { assertTriggerAhead, conditionAuction, expiryFor } from './order-terms';
import { assertMarginAccount } from './margin-agreement';
import { accountSettings, type AccountSettings } from './account-type-repo';
import type { Currency } from '../../../shared/money';
import { defaultAccount, requestedAccount, roomRefusal } from './account-rules';
import { nisaUsageOf } from './nisa-room';
import { isNisa, roomFor, type AccountType } from '../../../shared/domain/account-type';

export type OrderBody = z.infer<typeof orderBody>;

/** Orders are taken from 8:00 until the closing match at 15:30 on trading days (docs/tse-rules.md). */
export const ORDER_HOURS = { from: '08:00', to: '15:30' } as const;

export function checkLeverage(leverage: number, cfg: ConfigValues): number {
  const tenths = leverageTenths(leverage);
  if (tenths === null || tenths > leverageTenths(cfg.maxLeverage)!) throw invalid('invalid_request', { field: 'leverage', max: cfg.maxLeverage });
  return tenths;
}

/**
 * A limit price must sit on the tick of its band and inside the day's limits; otherwise it is
 * refused with the nearest valid prices in params, never moved (docs/tse-rules.md "Tick sizes").
 */
export function checkLimitPrice(price: number, inst: Tradable, limits: LimitPrices): void {
  const refusal = limitPriceRefusal(price, { table: inst.tickTable, limits, priceScale: inst.priceScale });
  if (refusal?.id === 'price_off_tick') throw invalid(refusal.id, refusal.params);
  if (refusal) throw ruleBroken(refusal.id, refusal.params);
}

/** A short borrows the shares, so it is always a margin trade: no 1× short (docs/domain.md "Trading"). */
export function checkShortMargin(direction: Direction, leverageX10: number): void {
  if (!leverageAllowed(direction, leverageX10)) throw ruleBroken('short_needs_margin', { field: 'leverage' });
}

/**
 * IFD / IFDOCO: the close an order carries must be placeable: its prices on the grid and inside
 * today's band, its legs on the right side of each other (a long's take-profit limit above its
 * stop-loss), and the position closable at once (not a cash holding under a T+N setting).
 */
function checkThenClose(body: OrderBody, inst: Tradable, limits: LimitPrices, cfg: ConfigValues): void {
  const then = body.then!;
  for (const p of [then.price, then.trigger, then.stop]) if (p !== undefined) checkLimitPrice(p, inst, limits);
  if (then.stop !== undefined && then.price !== undefined) {
    const ordered = body.direction === 'up' ? then.stop < then.price : then.stop > then.price;
    if (!ordered) throw invalid('invalid_request', { field: 'then.stop' });
  }
  const tPlusN = tPlusNApplies({ dayTrade: body.dayTrade, leverageX10: leverageTenths(body.leverage)!, direction: body.direction });
  if (tPlusN && cfg.sellAfterDays > 0) throw invalid('invalid_request', { field: 'then', sellAfterDays: cfg.sellAfterDays });
}

/** What decides an opening order's fill now and its reservation: its type, prices and 執行条件. */
export type OrderTerms = Pick<OrderBody, 'type' | 'price' | 'trigger' | 'condition'>;

/**
 * The price an order placed now fills at straight away, or null when it waits: a stop for its
 * trigger, 寄付 / 引け for their auction, anything outside continuous trading, a limit the book does
 * not reach, a market order without a price on its side.
 */
export function fillNow(o: OrderTerms, side: 'buy' | 'sell', session: MarketSession, q: Quote): number | null {
  if (!isContinuousTrading(session) || o.trigger !== undefined || o.condition === 'open' || o.condition === 'close') return null;
  return o.type === 'market' ? marketPrice(side, q) : limitFill(side, o.price!, q);
}

/**
 * What a waiting order freezes, enough for its worst fill: a buy limit never pays above its limit;
 * anything else may fill as high as today's upper limit (a short's principal grows with price; 不成
 * may end at market in the closing auction). The order command and the ticket's preview both use it.
 */
export function orderReserve(o: OrderTerms, side: 'buy' | 'sell', limits: LimitPrices, qty: number, inst: Pick<Tradable, 'priceScale'>, lev: number, cfg: ConfigValues): number {
  const reservePrice = o.type === 'limit' && o.price !== undefined && side === 'buy' && o.condition !== 'funari' ? o.price : limits.upper;
  return orderCost(reservePrice, qty, inst.priceScale, lev, cfg.feeSchedule).total;
}

export function assertOrderTime(now: number, dayTrade: boolean): void {
  const session = sessionAt(now);
  // A day trade opened in the closing auction would be closed by the same match: refuse it.
  if (!acceptsOrders(session) || (dayTrade && session === 'closing_auction')) throw ruleBroken('not_trading_time', ORDER_HOURS);
}

export function placeOrder(ctx: TradeCtx, user: AuthUser, body: OrderBody, key: string): Promise<PositionView> {
  return placeAs(ctx, user.id, () => ctx.accounts.assertCanTrade(user), body, key);
}

/**
 * An order of an owner that is not a signed-in user (a strategy fund's own ledger owner): the same
 * command under the owner's keys, without the account-state guard, which such an owner has no
 * state for (deps.ts OrderOwner).
 */
export function placeForOwner(ctx: TradeCtx, owner: OrderOwner, body: OrderBody, key: string): Promise<PositionView> {
  return placeAs(ctx, owner.ownerId, undefined, body, key);
}

function placeAs(ctx: TradeCtx, ownerId: string, guard: (() => void) | undefined, body: OrderBody, key: string): Promise<PositionView> {
  return moneyCommand(ctx.ledger, {
    scope: ownerId, key, op: 'trade.order', request: body, clock: ctx.clock,
    guard,
    prepare: () => ctx.config.values(),
    run: async ({ trx, now, prepared: cfg }) => {
      const row = await openOrder(trx, ctx, ownerId, body, now, cfg);
      return positionView(row, [], new QuoteCache(ctx.market, now));
    },
  });
}

async function openOrder(trx: Transaction<DB>, ctx: TradeCtx, userId: string, body: OrderBody, now: number, cfg: ConfigValues): Promise<PositionRow> {
  const lev = checkLeverage(body.leverage, cfg);
  checkShortMargin(body.direction, lev);
  const inst = tradable(ctx.market, body.code);
  // The account asked for (or NISA still possible as the default) before the margin account: a
  // margin order in NISA is refused as such whatever the user's 信用取引口座.
  const settings = await accountSettings(trx, userId);
  const asked = requestedAccount({ requested: body.account, cashBuy: isCashBuy(body.direction, lev, body.dayTrade), settings, inst });
  if (!asked.ok) throw ruleBroken(asked.refusal.id, asked.refusal.params);
  const accountFor = (cost: number) => orderAccount(trx, ctx, { userId, asked: asked.account, settings, currency: inst.currency }, cost, now);
  // Margin and short orders need the recorded agreement to the 信用取引 risk explanation.
  await assertMarginAccount(trx, userId, body.direction, lev);
  await assertNoShortfall(trx, ctx.database.caps, userId, inst.currency);
  assertOrderTime(now, body.dayTrade);
  const session = sessionAt(now);
  const q = quoteAt(ctx.market, inst.code, now);
  const limits = dayLimits(q);
  if (body.type === 'limit') checkLimitPrice(body.price!, inst, limits);
  const side = openSide(body.direction);
  const stop = body.trigger ?? null;
  if (stop !== null) {
    checkLimitPrice(stop, inst, limits);
    assertTriggerAhead(side, stop, q.price);
  }
  const expiresAt = expiryFor(body.validity, jstDate(now));
  if (body.then) checkThenClose(body, inst, limits, cfg);
  const condition = body.condition ?? null;
  const auction = condition === 'open' || condition === 'close' ? conditionAuction(condition, now) : null;
  // A stop order waits for its trigger, a 寄付 / 引け order for its auction, whatever the session.
  const fill = fillNow(body, side, session, q);
  if (fill === null && body.type === 'market' && isContinuousTrading(session) && stop === null && auction === null) {
    throw ruleBroken('price_unavailable', { code: inst.code });
  }
  const base = newPositionRow({
    id: uuidv7(), user_id: userId, code: inst.code, business_type: body.dayTrade ? 'day_trade' : 'stock',
    direction: body.direction, price_type: body.type, status: 'pending', currency: inst.currency, price_scale: inst.priceScale,
    lots: body.lots, quantity: body.lots * LOT_SIZE, leverage_x10: lev, limit_price: body.price ?? null,
    day_trade: body.dayTrade ? 1 : 0, placed_at: now, updated_at: now, auto_close_at: body.dayTrade ? dayClose(now) : null,
    trigger_price: stop, validity: body.validity, then_close: body.then ? JSON.stringify(body.then) : null, exec_condition: condition,
  });
  if (fill !== null) {
    const opened: PositionRow = { ...base, ...openFields(base, fill, now, cfg), status: 'holding' };
    const account = await accountFor(opened.contract_value! + opened.open_fee);
    const row: PositionRow = { ...opened, account_type: account };
    await insertPosition(trx, row);
    // The message before the money: the ledger's balance updates hold their rows (the house fee
    // account's too) until commit, so they come as late as they can (ledger/post.ts).
    await notifyFill(trx, row, 'open', fill, now);
    await postOpenFromCash(trx, settleDeps(ctx), row, openMemo(row, fill));
    // Only a close carried with the order (IFD) writes the row again in this transaction; without
    // one, the row as inserted is the row as stored, and reading it back is a round trip for nothing.
    if (row.then_close === null) return row;
    await placeThenClose(trx, row, now);
    return (await findPosition(trx, userId, row.id)) ?? row;
  }
  const reserved = orderReserve(body, side, limits, base.quantity, inst, lev, cfg);
  const row: PositionRow = {
    ...base,
    reserved,
    // A market order outside continuous trading waits for the next auction; a stop-market order for its trigger.
    fill_at: auction ?? (body.type === 'market' && stop === null ? nextAuction(now) : null),
    expires_at: expiresAt,
    // A waiting NISA buy holds its reservation of the room until it fills or ends (nisa-room.ts).
    account_type: await accountFor(reserved),
  };
  await insertPosition(trx, row);
  await postReserve(trx, settleDeps(ctx), row);
  return row;
}

/** A cash buy (1× long, not a day trade): the only order NISA takes (docs/domain.md "Account types and NISA"). */
export function isCashBuy(direction: Direction, leverageX10: number, dayTrade: boolean): boolean {
  return direction === 'up' && leverageX10 <= 10 && !dayTrade;
}

interface AccountAsk {
  userId: string;
  /** requestedAccount's answer: undefined while the default may still be NISA. */
  asked: AccountType | undefined;
  settings: AccountSettings;
  currency: Currency;
}

/**
 * The order's account once its cost is known (yen: a fill's contract value and fee, a waiting
 * order's reservation): a taxable account as asked; NISA (asked, or the default while it was
 * possible) against the frame's room, read after the user's cash lock so that concurrent buys of
 * one user queue here and each sees the room the previous ones left (assertNoShortfall has
 * usually taken that lock already: one more round trip, so that the room read never depends on it).
 */
async function orderAccount(trx: Transaction<DB>, ctx: TradeCtx, o: AccountAsk, cost: number, now: number): Promise<AccountType> {
  const { asked, userId } = o;
  if (asked !== undefined && !isNisa(asked)) return asked;
  await lockCash(trx, ctx.database.caps, userId, o.currency);
  const usage = await nisaUsageOf(trx, userId, now);
  if (asked === undefined) return defaultAccount(cost, roomFor(usage, 'nisa_growth'), o.settings);
  const refusal = roomRefusal(asked, cost, roomFor(usage, asked));
  if (refusal) throw ruleBroken(refusal.id, refusal.params);
  return asked;
}
