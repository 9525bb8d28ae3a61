import type { z } from 'zod';
import { acceptsOrders, isContinuousTrading, LOT_SIZE, sessionAt } from '../../../shared/market';
import { dailyInterest, interestBase, orderCost } from '../../../shared/domain/trade-money';
import type { Direction } from '../../../shared/domain/position';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { termsAtOpen } from './terms';
import type { orderPreview, previewQuery } from '../../../shared/api/trade';
import { checkLeverage, checkShortMargin, fillNow, isCashBuy, orderReserve } from './orders';
import { ruleBroken } from '../../errors';
import { isNisa, roomFor, type AccountType } from '../../../shared/domain/account-type';
import { accountSettings } from './account-type-repo';
import { defaultAccount, requestedAccount, taxableDefault } from './account-rules';
import { nisaUsageOf } from './nisa-room';
import { dayLimits, marketPrice, openSide, quoteAt, tradable, type Tradable } from './market';
import type { TradeCtx } from './deps';
import { buyingPower } from '../../ledger';

/**
 * The order ticket's cost preview, computed by the same functions the order uses. An estimate:
 * a market order fills at the price of its instant.
 */
export async function previewOrder(ctx: TradeCtx, userId: string, query: z.infer<typeof previewQuery>): Promise<z.infer<typeof orderPreview>> {
  const cfg = await ctx.config.values();
  const lev = checkLeverage(query.leverage, cfg);
  checkShortMargin(query.direction, lev);
  const inst = tradable(ctx.market, query.code);
  const now = ctx.clock.now();
  const session = sessionAt(now);
  const q = quoteAt(ctx.market, inst.code, now);
  const limits = dayLimits(q);
  const side = openSide(query.direction);
  const live = isContinuousTrading(session) ? marketPrice(side, q) : null;
  // A limit estimates at its limit, a stop-market at its trigger, a market order at the live price.
  const terms = { type: query.type, price: query.type === 'limit' ? query.price : undefined, trigger: query.trigger, condition: query.condition };
  const price = terms.price ?? query.trigger ?? live ?? q.price;
  const qty = query.lots * LOT_SIZE;
  const cost = orderCost(price, qty, inst.priceScale, lev, cfg.feeSchedule);
  const sheet = (await ctx.ledger.balances(userId)).JPY ?? {};
  const power = buyingPower({ cash: sheet.cash ?? 0, unsettled: sheet.unsettled ?? 0, shortfall: sheet.shortfall ?? 0 });
  // Whole lots the cash covers at this price, fee included.
  let maxLots = Math.floor(power / Math.max(1, orderCost(price, LOT_SIZE, inst.priceScale, lev, cfg.feeSchedule).total));
  while (maxLots > 0 && orderCost(price, maxLots * LOT_SIZE, inst.priceScale, lev, cfg.feeSchedule).total > power) maxLots--;
  const reserve = orderReserve(terms, side, limits, qty, inst, lev, cfg);
  const waits = fillNow(terms, side, session, q) === null;
  const { account, nisa } = await previewAccount(ctx, userId, query, lev, inst, waits ? reserve : cost.total, now);
  return {
    code: inst.code,
    session,
    acceptsOrders: acceptsOrders(session),
    price,
    limits: { upper: limits.upper, lower: limits.lower },
    ...cost,
    reserve,
    waits,
    buyingPower: power,
    maxLots: Math.min(maxLots, 1_000_000),
    maxLeverage: cfg.maxLeverage,
    risk: riskOf(query.direction, lev, cost.contractValue, cost.principal, cfg),
    account,
    nisa,
  };
}

/**
 * The account the order would be placed in, by the order's rules (account-rules.ts; the same
 * refusals), and the NISA room of its frame (成長投資枠 for a taxable order) when the NISA account is
 * open. Read without the lock: an estimate, the order checks again.
 */
async function previewAccount(ctx: TradeCtx, userId: string, query: z.infer<typeof previewQuery>, lev: number, inst: Tradable, cost: number, now: number) {
  const settings = await accountSettings(ctx.database.db, userId);
  const asked = requestedAccount({ requested: query.account, cashBuy: isCashBuy(query.direction, lev, false), settings, inst });
  if (!asked.ok) throw ruleBroken(asked.refusal.id, asked.refusal.params);
  if (!settings.nisa) return { account: asked.account ?? taxableDefault(settings), nisa: null };
  const frame = asked.account !== undefined && isNisa(asked.account) ? asked.account : 'nisa_growth';
  const room = roomFor(await nisaUsageOf(ctx.database.db, userId, now), frame);
  const account: AccountType = asked.account ?? defaultAccount(cost, room, settings);
  return { account, nisa: { account: frame, ...room } };
}

/** The costs and levels a margin or short position opened now would live by (terms.ts); null for a cash buy. */
function riskOf(direction: Direction, lev: number, value: number, principal: number, cfg: ConfigValues) {
  if (direction === 'up' && lev <= 10) return null;
  const terms = termsAtOpen(direction, cfg);
  return {
    yearlyRateBp: terms.interest_bp,
    interestPerDay: dailyInterest(interestBase(direction, value, principal), terms.interest_bp),
    maintenanceRatioBp: terms.maintenance_bp,
    forcedCloseRatioBp: terms.forced_close_bp,
    lossCanExceedDeposit: true as const,
  };
}
