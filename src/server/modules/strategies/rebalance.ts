/**
 * A fund's rebalance, once per trading day in the continuous session: the rule turns past closes
 * into target weights; the fund sells toward the targets first (whole 単元, oldest purchases first),
 * then buys (market orders, whole lots) with what it may invest — net assets less pending
 * redemptions at the last NAV, accrued fees and a cash buffer (docs/decisions/016-strategy-funds.md).
 */
import { jstDate, LOT_SIZE, type IsoDate } from '../../../shared/market';
import type { StrategyRule } from '../../../shared/api/strategies';
import type { StrategyCtx, StrategyFunds } from './funds';
import type { FundOrders } from './fund-orders';
import * as fundRepo from './fund-repo';
import * as holdingRepo from './holding-repo';
import type { FundRow } from './fund-repo';
import { closesBefore, pricesAt } from './prices';
import {
  cashBufferBp, heldWeights, liquidOf, lotsToBuy, payoutOf, ruleCodes, sharesToSell, targetShares, targetWeights, valueAt,
  type FundMoney, type Params, type Prices, type Weights,
} from './rules';

/** What the rebalance works from: the fund's shares, money and prices now, and what it may invest. */
interface Plan {
  params: Params;
  money: FundMoney;
  /** Shares held by code (the sells lower them as they go). */
  shares: Map<string, number>;
  /** The codes held and the codes the rule names. */
  codes: Set<string>;
  prices: Prices;
  positionsValue: number;
  /** Pending redemptions at the last NAV, and accrued fees. */
  owed: number;
  buffer: number;
  investable: number;
  /** Every unit is leaving and nobody is coming in. */
  everyoneLeaves: boolean;
}

export class Rebalancer {
  constructor(
    private readonly ctx: StrategyCtx,
    private readonly funds: StrategyFunds,
    private readonly orders: FundOrders,
  ) {}

  private get db() {
    return this.ctx.database.db;
  }

  /** Rebalances the fund at `now`; returns the number of orders placed. */
  async run(f: FundRow, now: number): Promise<number> {
    const today = jstDate(now);
    const plan = await this.plan(f, now);
    const weights = this.weights(f, plan, today);
    let orders = 0;
    if (weights !== null) {
      const targets = targetShares(plan.investable, weights, plan.prices);
      orders += await this.sellDown(f, today, plan.shares, targets);
      orders += await this.buyUp(f, today, plan, targets);
    }
    await fundRepo.setRebalanced(this.db, f.id, today, now);
    return orders;
  }

  private async plan(f: FundRow, now: number): Promise<Plan> {
    const params = JSON.parse(f.params_json) as Params;
    const { money, held } = await this.funds.book(this.db, f.id);
    const shares = new Map<string, number>();
    for (const p of held) shares.set(p.code, (shares.get(p.code) ?? 0) + p.quantity);
    const codes = new Set<string>([...shares.keys(), ...ruleCodes(params)]);
    const prices = pricesAt(this.ctx.market, codes, now);
    const positionsValue = valueAt(shares, prices);
    const net = liquidOf(money) + positionsValue - f.fee_accrued;
    const lastNav = await this.funds.navNow(f.id);
    const redeeming = await holdingRepo.redeemingUnits(this.db, f.id);
    const owed = redeeming.reduce((a, u) => a + payoutOf(u, lastNav), 0) + f.fee_accrued;
    const buffer = Math.floor((net * cashBufferBp(params)) / 10_000);
    const everyoneLeaves = f.units > 0 && redeeming.reduce((a, u) => a + u, 0) === f.units && (await holdingRepo.pendingAmount(this.db, f.id)) === 0;
    return { params, money, shares, codes, prices, positionsValue, owed, buffer, investable: Math.max(0, net - owed - buffer), everyoneLeaves };
  }

  /** The target weights today, or null to keep what is held. */
  private weights(f: FundRow, p: Plan, today: IsoDate): Weights | null {
    // Every unit leaving and nobody coming in: nobody stays to own shares, so the fund sells them
    // all and the last redemption takes everything that is left (strike.ts payFlows).
    if (f.status === 'terminating' || p.everyoneLeaves) return new Map();
    const closes = closesBefore(this.ctx.market, [...p.codes], today);
    const weights = targetWeights({ rule: f.rule as StrategyRule, params: p.params, closes, invested: p.shares.size > 0 });
    // Keep what is held (no signal) unless money is owed: then scale the holdings down to what may be invested.
    if (weights === null && p.owed > p.money.cash + p.money.unsettled && p.positionsValue > 0) return heldWeights(p.shares, p.prices, p.positionsValue);
    return weights;
  }

  /** Sells each holding above its target (a refused order still counts, as it always has). */
  private async sellDown(f: FundRow, today: IsoDate, shares: Map<string, number>, targets: Map<string, number>): Promise<number> {
    let orders = 0;
    for (const [code, have] of shares) {
      const target = targets.get(code) ?? 0;
      if (have <= target) continue;
      const n = sharesToSell(have, target, await this.orders.sellableSteps(f.id, code));
      if (n <= 0) continue;
      await this.orders.sell(f, code, n, today);
      shares.set(code, have - n);
      orders++;
    }
    return orders;
  }

  /** Buys toward each target, by code, with the fund's cash after the sells less what is owed and the buffer. */
  private async buyUp(f: FundRow, today: IsoDate, plan: Plan, targets: Map<string, number>): Promise<number> {
    const cashLeft = (await this.funds.book(this.db, f.id)).money;
    let spendable = cashLeft.cash + cashLeft.unsettled - plan.owed - plan.buffer;
    let orders = 0;
    for (const [code, target] of [...targets].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const have = plan.shares.get(code) ?? 0;
      const q = plan.prices.get(code);
      if (target <= have || !q) continue;
      const lotYen = Math.ceil((q.price * LOT_SIZE) / q.scale);
      const lots = lotsToBuy(target, have, spendable, lotYen);
      if (lots <= 0) continue;
      if (await this.orders.buy(f, code, lots, today)) {
        spendable -= lots * lotYen;
        orders++;
      }
    }
    return orders;
  }
}
