/**
 * The NAV strike of a trading day, after its close (docs/domain.md "Strategy funds"), in one
 * transaction with the fund row locked:
 *  1. net before fee = cash + reserved + unsettled + shortfall + Σ shares × close − accrued fees;
 *  2. the fee (takeFee): each holding's units for the calendar days since the last strike;
 *  3. NAV = floor(net × 10,000 ÷ units), recorded with the figures it came from;
 *  4. the flows at this NAV (payFlows): redemptions paid, reserved subscriptions become units.
 */
import { lockCash, Postings } from '../../ledger';
import { addDays, dayNumber, type IsoDate } from '../../../shared/market';
import { contractValue } from '../../../shared/domain/trade-money';
import type { Memo } from '../../../shared/domain/ledger-kinds';
import { NAV_START } from '../../../shared/api/strategies';
import type { StrategyCtx, StrategyFunds, Trx } from './funds';
import * as fundRepo from './fund-repo';
import * as holdingRepo from './holding-repo';
import * as navRepo from './nav-repo';
import type { FundRow } from './fund-repo';
import type { HoldingRow } from './holding-repo';
import type { NavRow } from './nav-repo';
import { closeOf } from './prices';
import { fundMemoNames } from './view';
import { costOf, feeUnitsFor, fundOwner, liquidOf, navOf, payoutOf, shareOut, strikeAt, unitsFor, type FundMoney } from './rules';

const JPY = 'JPY' as const;

/** What one strike did. */
export interface StrikeResult {
  subscribed: number;
  redeemed: number;
  terminated: boolean;
}

/** One NAV strike's state, shared by its steps (the fund's money and the NAV row change as they run). */
interface Strike {
  trx: Trx;
  f: FundRow;
  day: IsoDate;
  now: number;
  money: FundMoney;
  /** The NAV's figures, as recorded (flows add to its subscribed and redeemed). */
  navRow: NavRow;
  /** Units outstanding as the flows are applied. */
  units: number;
  /** Positions the fund still holds. */
  held: number;
  active: HoldingRow[];
}

export class NavStrike {
  constructor(
    private readonly ctx: StrategyCtx,
    private readonly funds: StrategyFunds,
  ) {}

  /** Strikes `day` for the fund unless it is struck already or the fund is terminated. */
  run(fundId: string, day: IsoDate, now: number): Promise<StrikeResult> {
    return this.ctx.ledger.transact(async (trx) => {
      const f = await this.funds.lock(trx, fundId);
      if ((await navRepo.struckSince(trx, fundId, day)) || f.status === 'terminated') return { subscribed: 0, redeemed: 0, terminated: false };
      const { money, held } = await this.funds.book(trx, fundId);
      let positionsValue = 0;
      for (const p of held) positionsValue += contractValue(closeOf(this.ctx.market, p.code, day), p.quantity, p.price_scale);
      const last = await navRepo.latestNav(trx, fundId);
      const active = await holdingRepo.activeHoldings(trx, fundId);
      const fee = await this.takeFee(trx, { f, day, now, money, positionsValue, active, lastNav: last });
      const liquid = liquidOf(money);
      const nav = navOf(liquid + positionsValue - fee.accrued, fee.units, last?.nav ?? NAV_START);
      const navRow: NavRow = {
        fund_id: fundId, date: day, nav, units: fee.units, cash: liquid, positions_value: positionsValue, fee_accrued: fee.accrued, fee: fee.yen,
        subscribed: 0, redeemed: 0, created_at: now,
      };
      const strike: Strike = { trx, f, day, now, money, navRow, units: fee.units, held: held.length, active };
      const out = await this.payFlows(strike);
      await navRepo.insertNav(trx, navRow);
      await fundRepo.setFundUnits(trx, fundId, strike.units, fee.accrued, now);
      return out;
    });
  }

  /**
   * Step 2: each holding gives up its fee units for the calendar days since the last strike, at its
   * own rate, on the share of the fund in shares (rules.ts feeUnitsFor: cash is never charged);
   * their value at the pre-fee NAV is owed to the house and paid from the fund's cash as far as it
   * goes (the rest stays accrued). Updates `money` and the holdings in place.
   */
  private async takeFee(trx: Trx, s: Omit<Strike, 'trx' | 'navRow' | 'held' | 'units'> & { positionsValue: number; lastNav?: NavRow }) {
    const { f, money, active } = s;
    if (f.units <= 0) return { units: f.units, yen: 0, accrued: f.fee_accrued };
    const gross = liquidOf(money) + s.positionsValue - f.fee_accrued;
    const days = s.lastNav ? dayNumber(s.day) - dayNumber(s.lastNav.date as IsoDate) : 0;
    let feeUnits = 0;
    for (const h of active) {
      const fee = feeUnitsFor({ units: h.units, feeBp: h.fee_bp, carry: h.fee_carry }, days, { part: s.positionsValue, whole: gross });
      if (fee.units === 0 && fee.carry === h.fee_carry) continue;
      feeUnits += fee.units;
      h.units -= fee.units;
      h.fee_carry = fee.carry;
      await holdingRepo.setHoldingFee(trx, h.id, h.units, h.fee_carry, s.now);
    }
    const yen = payoutOf(feeUnits, navOf(gross, f.units, s.lastNav?.nav ?? NAV_START));
    const payable = Math.min(f.fee_accrued + yen, Math.max(0, money.cash) + Math.max(0, money.unsettled));
    if (payable > 0) await this.payFee(trx, f, s.day, feeUnits, money, payable);
    return { units: f.units - feeUnits, yen, accrued: f.fee_accrued + yen - payable };
  }

  /** The fee's yen, fund → the house's fee income (unsettled proceeds first, as any payment). */
  private async payFee(trx: Trx, f: FundRow, day: IsoDate, feeUnits: number, money: FundMoney, payable: number): Promise<void> {
    const owner = fundOwner(f.id);
    const p = new Postings(owner, JPY, money);
    const fromUnsettled = p.spend(payable);
    p.house('fee_income', payable);
    await this.funds.post(trx, 'strategy_fee', owner, f.id, { id: 'memo_strategy_fee', params: { fund: f.name, ...fundMemoNames(f), date: day, units: feeUnits } }, p);
    money.unsettled -= fromUnsettled;
    money.cash -= payable - fromUnsettled;
  }

  /**
   * Step 4, at the strike's NAV. A terminating fund with nothing left in the market pays every
   * holder all that is left and returns reserved subscriptions; so does the last redemption (every
   * holding leaves, nobody comes in) once the fund has sold everything: nothing stays behind that
   * nobody owns. Otherwise redemptions asked before the close are paid (when the fund's cash covers
   * them: else they wait for the next strike, the fund sells meanwhile) and subscriptions asked
   * before the close become units at this NAV.
   */
  private async payFlows(s: Strike): Promise<StrikeResult> {
    const out = { subscribed: 0, redeemed: 0, terminated: false };
    const cutoff = strikeAt(s.day);
    const pending = await holdingRepo.pendingUntil(s.trx, s.f.id, cutoff);
    const due = (h: HoldingRow) => h.status === 'redeeming' && h.redeem_requested_at !== null && h.redeem_requested_at <= cutoff;
    if (s.f.status === 'terminating' && s.held === 0) {
      out.redeemed = await this.payAll(s, 'terminated');
      await this.endFund(s);
      out.terminated = true;
      return out;
    }
    // An active fund sells everything for its last redemption (rebalance) and pays it the day it has;
    // a paused one does not trade, so its redemptions are paid at the NAV as before.
    const lastOut = s.f.status !== 'terminating' && s.active.length > 0 && pending.length === 0 && s.active.every(due);
    if (lastOut && (s.held === 0 || s.f.status === 'active')) {
      if (s.held === 0) out.redeemed = await this.payAll(s, 'redeemed');
      return out;
    }
    for (const h of s.active) if (due(h) && (await this.pay(s, h, 'redeemed', payoutOf(h.units, s.navRow.nav)))) out.redeemed++;
    if (s.f.status === 'terminating') return out;
    for (const h of pending) await this.strikeSubscription(s, h);
    out.subscribed = pending.length;
    return out;
  }

  /** Every holding gets its share of all that is left (rules.ts shareOut: the last takes the remaining yen). */
  private async payAll(s: Strike, status: 'redeemed' | 'terminated'): Promise<number> {
    const left = Math.max(0, s.navRow.cash - s.navRow.fee_accrued);
    const shares = shareOut(left, s.active.map((h) => h.units));
    let paid = 0;
    for (const [i, h] of s.active.entries()) if (await this.pay(s, h, status, shares[i]!)) paid++;
    return paid;
  }

  /** Pays a holding out of the fund's cash (fund → user cash) and ends it; false when the cash does not cover it. */
  private async pay(s: Strike, h: HoldingRow, status: 'redeemed' | 'terminated', payout: number): Promise<boolean> {
    const { money, navRow, f } = s;
    if (payout > money.cash + money.unsettled) return false;
    await lockCash(s.trx, this.ctx.database.caps, h.user_id, JPY);
    const p = new Postings(fundOwner(f.id), JPY, money);
    const fromUnsettled = p.spend(payout);
    money.unsettled -= fromUnsettled;
    money.cash -= payout - fromUnsettled;
    if (payout > 0) {
      p.list.push({ owner: h.user_id, currency: JPY, kind: 'cash', amount: payout });
      const memo: Memo = { id: 'memo_strategy_redemption', params: { fund: f.name, ...fundMemoNames(f), units: h.units, nav: navRow.nav, date: s.day } };
      await this.funds.post(s.trx, 'strategy_redemption', h.user_id, h.id, memo, p);
    }
    await holdingRepo.endHolding(s.trx, h.id, { status, payout, endedOn: s.day, now: s.now });
    s.units -= h.units;
    navRow.redeemed += payout;
    return true;
  }

  /** A reserved subscription becomes units at the strike's NAV (the rest of its amount returns to the user). */
  private async strikeSubscription(s: Strike, h: HoldingRow): Promise<void> {
    const { navRow, f } = s;
    const got = unitsFor(h.amount, navRow.nav);
    const cost = costOf(got, navRow.nav);
    await lockCash(s.trx, this.ctx.database.caps, h.user_id, JPY);
    const p = new Postings(h.user_id, JPY).own('frozen', -h.amount).own('cash', h.amount - cost);
    p.list.push({ owner: fundOwner(f.id), currency: JPY, kind: 'cash', amount: cost });
    const memo: Memo = { id: 'memo_strategy_subscription', params: { fund: f.name, ...fundMemoNames(f), units: got, nav: navRow.nav, date: s.day, amount: cost } };
    await this.funds.post(s.trx, 'strategy_subscription', h.user_id, h.id, memo, p);
    await holdingRepo.setSubscribed(s.trx, h.id, { units: got, amount: cost, subscribedOn: s.day, strikeNav: navRow.nav, lockedUntil: addDays(s.day, f.lock_days), now: s.now });
    s.units += got;
    navRow.subscribed += cost;
  }

  /** Termination's end: reserved subscriptions return to their users and the fund is terminated. */
  private async endFund(s: Strike): Promise<void> {
    for (const h of await holdingRepo.pendingHoldings(s.trx, s.f.id)) {
      await lockCash(s.trx, this.ctx.database.caps, h.user_id, JPY);
      const p = new Postings(h.user_id, JPY).own('frozen', -h.amount).own('cash', h.amount);
      await this.funds.post(s.trx, 'strategy_refund', h.user_id, h.id, { id: 'memo_strategy_refund', params: { fund: s.f.name, ...fundMemoNames(s.f), amount: h.amount } }, p);
      await holdingRepo.endHolding(s.trx, h.id, { status: 'terminated', payout: h.amount, endedOn: s.day, now: s.now });
    }
    await fundRepo.setFundTerminated(s.trx, s.f.id, s.day);
  }
}
