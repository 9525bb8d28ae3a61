import type { z } from 'zod';
import { acceptsOrders, isContinuousTrading, LOT_SIZE, sessionAt } from '../../../shared/market';
import { dailyInterest, interestBase, orderCost } from '../../../shared/domain/trade-money';
import type { Direction } from '../../../shared/domain/position';
import type { ConfigValues } from '../../../shared/domain/config-items';
import { termsAtOpen } from './terms';
import type { orderPreview, previewQuery } from '../../../shared/api/trade';
import { checkLeverage, checkShortMargin, fillNow, orderReserve } from './orders';
import { dayLimits, marketPrice, openSide, quoteAt, tradable } from './market';
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
  return {
    code: inst.code,
    session,
    acceptsOrders: acceptsOrders(session),
    price,
    limits: { upper: limits.upper, lower: limits.lower },
    ...cost,
    reserve: orderReserve(terms, side, limits, qty, inst, lev, cfg),
    waits: fillNow(terms, side, session, q) === null,
    buyingPower: power,
    maxLots: Math.min(maxLots, 1_000_000),
    maxLeverage: cfg.maxLeverage,
    risk: riskOf(query.direction, lev, cost.contractValue, cost.principal, cfg),
  };
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
