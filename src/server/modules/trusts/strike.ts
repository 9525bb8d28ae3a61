/**
 * The NAV strike of the investment trusts (docs/domain.md "Investment trusts and 積立",
 * docs/decisions/026-investment-trusts.md). For each fund, every business day D from its last strike
 * (or its inception) up to the last day whose strike is due (17:00 Tokyo of D, strikeDue) is struck
 * in order, in one transaction per fund and day with the fund row locked:
 *  1. pre = round(assets × R) (R: the basket's return, basket.ts);
 *  2. 信託報酬 accrued for the calendar days with the remainder carried (accrueFee);
 *  3. NAV = floor((pre − fee) × 10,000 ÷ units) — an empty fund is valued as a notional 10,000口
 *     worth its last NAV, so its NAV goes on;
 *  4. on a 決算日, the distribution (distribution.ts) and the ex-distribution NAV;
 *  5. the orders of D fill at that NAV (buys add units and their value, 解約 remove units and their
 *     value less 留保額, which stays in the fund);
 *  6. the trust_nav row of D and the fund's figures.
 * A day already struck (the fund's last_date, read under the lock) is skipped, so two instances or a
 * repeated run strike each day once. Days of an empty fund with no order (the history before anyone
 * buys, the first start's catch-up from inception) move no money: they are computed in memory and
 * written in one transaction per batch.
 */
import { lockCash, Postings } from '../../ledger';
import { isTradingDay, jstDate, nextTradingDay, prevTradingDay, tradingDaysInRange, type IsoDate } from '../../../shared/market';
import {
  accrueFee, buyByAmount, buyByUnits, distributionPer10k, isDistributionDate, navOf, nextTotalReturn, redemption, sellValue, settleDateOf, shareOf, strikeDue,
  UNITS_PER_NAV, type Sleeve,
} from '../../../shared/domain/trust';
import type { Memo } from '../../../shared/domain/ledger-kinds';
import { BasketCloses, calendarDays } from './basket';
import { Distributions } from './distribution';
import { postTrust, type Trx, type TrustStrikeCtx } from './entries';
import { distributionOf as ruleOf, fundMemo } from './view';
import * as repo from './strike-repo';
import type { FundRow, NavRow, OrderRow } from './strike-repo';

const JPY = 'JPY' as const;
/** Quiet days written per transaction (a first start's catch-up is ~900 days a fund). */
const QUIET_BATCH = 2_000;

export interface StrikeCounts {
  struck: number;
  filled: number;
  distributed: number;
}

/** The last business day whose NAV may be struck at `at` (17:00 Tokyo of that day or later). */
export function lastDueDay(at: number): IsoDate {
  const today = jstDate(at);
  return isTradingDay(today) && strikeDue(today, at) ? today : prevTradingDay(today);
}

/** Steps 1–3 of a strike: the gross assets, the fee and the NAV (`units` is the notional 10,000口 of an empty fund). */
export function grossStrike(f: Pick<FundRow, 'assets' | 'units' | 'fee_carry' | 'last_nav' | 'trust_fee_ppm'>, r: number, days: number) {
  const empty = f.units === 0;
  const units = empty ? UNITS_PER_NAV : f.units;
  const gross = Math.round((empty ? f.last_nav : f.assets) * r);
  const { fee, carry } = accrueFee(gross, f.trust_fee_ppm, days, f.fee_carry);
  const assets = gross - fee;
  return { empty, units, gross, fee, carry, assets, nav: navOf(assets, units) };
}

export class TrustStrike {
  private readonly distributions: Distributions;

  constructor(private readonly ctx: TrustStrikeCtx) {
    this.distributions = new Distributions(ctx);
  }

  /** Strikes every due day of the fund since its last strike, in order. */
  async catchUp(fund: FundRow, now: number): Promise<StrikeCounts> {
    const counts: StrikeCounts = { struck: 0, filled: 0, distributed: 0 };
    const target = lastDueDay(now);
    if (target < fund.inception || (fund.last_date !== null && fund.last_date >= target)) return counts;
    const basket = new BasketCloses(this.ctx.market, JSON.parse(fund.basket) as Sleeve[], fund.last_date ?? fund.inception, target);
    for (;;) {
      const step = await this.ctx.ledger.transact((trx) => this.next(trx, fund.id, target, basket, now));
      if (!step) return counts;
      counts.struck += step.struck;
      counts.filled += step.filled;
      counts.distributed += step.distributed;
    }
  }

  /** The next piece of the catch-up in `trx`: the inception row, a batch of quiet days, or one day; null when up to date. */
  private async next(trx: Trx, fundId: string, target: IsoDate, basket: BasketCloses, now: number): Promise<StrikeCounts | null> {
    const f = await repo.lockFund(trx, this.ctx.database.caps.rowLocks, fundId);
    if (!f || (f.last_date !== null && f.last_date >= target)) return null;
    if (f.last_date === null) {
      await this.writeQuiet(trx, f, [], basket, now);
      return { struck: 1, filled: 0, distributed: 0 };
    }
    const days = tradingDaysInRange(nextTradingDay(f.last_date), target);
    if (f.units === 0) {
      const first = await repo.firstPendingNavDate(trx, f.id, target);
      const quiet = days.filter((d) => first === null || d < first).slice(0, QUIET_BATCH);
      if (quiet.length > 0) {
        await this.writeQuiet(trx, f, quiet, basket, now);
        return { struck: quiet.length, filled: 0, distributed: 0 };
      }
    }
    return this.strikeDay(trx, f, days[0]!, basket, now);
  }

  /**
   * Days of an empty fund without orders (and its inception row when it has none yet): the same
   * arithmetic as strikeDay with nobody to pay or fill, every row written at once.
   */
  private async writeQuiet(trx: Trx, f: FundRow, days: IsoDate[], basket: BasketCloses, now: number): Promise<void> {
    const rows: NavRow[] = [];
    const s = { ...f };
    if (s.last_date === null) {
      // The inception: 10,000 per 10,000口, the base of the NAV and total-return lines.
      rows.push({ fund_id: f.id, date: f.inception, nav: s.last_nav, tr: s.last_tr, gross_assets: s.last_nav, fee: 0, days: 0, distribution: 0, assets: 0, units: 0, struck_at: now });
      s.last_date = f.inception;
    }
    const rule = ruleOf(f);
    for (const day of days) {
      const span = calendarDays(s.last_date!, day);
      const g = grossStrike(s, basket.returnBetween(s.last_date!, day, f.income_ppm), span);
      let { assets, nav } = g;
      let dist = 0;
      if (rule && isDistributionDate(rule, day)) {
        dist = distributionPer10k(rule, nav);
        // The notional 10,000口 are paid out like units would be: the NAV drops by the distribution.
        assets -= sellValue(g.units, dist);
        nav = navOf(assets, g.units);
      }
      const tr = nextTotalReturn(s.last_tr, s.last_nav, nav, dist);
      rows.push({ fund_id: f.id, date: day, nav, tr, gross_assets: g.gross, fee: g.fee, days: span, distribution: dist, assets: 0, units: 0, struck_at: now });
      Object.assign(s, { assets: 0, units: 0, fee_carry: g.carry, last_nav: nav, last_tr: tr, last_date: day });
    }
    await repo.insertNavRows(trx, rows);
    await repo.setFundStruck(trx, f.id, { assets: s.assets, units: s.units, fee_carry: s.fee_carry, last_nav: s.last_nav, last_tr: s.last_tr, last_date: s.last_date }, now);
  }

  /** One business day's strike with its distribution and fills (the steps of the file comment). */
  private async strikeDay(trx: Trx, f: FundRow, day: IsoDate, basket: BasketCloses, now: number): Promise<StrikeCounts> {
    const prev = f.last_date!;
    const days = calendarDays(prev, day);
    const g = grossStrike(f, basket.returnBetween(prev, day, f.income_ppm), days);
    let { assets, units, nav } = g;
    let dist = 0;
    let distributed = 0;
    const rule = ruleOf(f);
    if (rule && isDistributionDate(rule, day)) {
      dist = distributionPer10k(rule, nav);
      if (dist > 0 && g.empty) {
        assets -= sellValue(units, dist);
        nav = navOf(assets, units);
      } else if (dist > 0) {
        const out = await this.distributions.pay(trx, f, day, dist, { assets, units }, now);
        ({ assets, units, nav } = out);
        distributed = out.paid;
      }
    }
    const tr = nextTotalReturn(f.last_tr, f.last_nav, nav, dist);
    // The notional units of an empty fund stop here: what the orders bring is the fund from now on.
    const fund = g.empty ? { assets: 0, units: 0 } : { assets, units };
    let filled = 0;
    for (const o of await repo.pendingOrdersUpTo(trx, f.id, day)) {
      if (o.side === 'buy' ? await this.fillBuy(trx, f, o, day, nav, fund, now) : await this.fillSell(trx, f, o, day, nav, fund, now)) filled++;
    }
    await repo.insertNavRows(trx, [{ fund_id: f.id, date: day, nav, tr, gross_assets: g.gross, fee: g.fee, days, distribution: dist, assets: fund.assets, units: fund.units, struck_at: now }]);
    await repo.setFundStruck(trx, f.id, { assets: fund.assets, units: fund.units, fee_carry: g.carry, last_nav: nav, last_tr: tr, last_date: day }, now);
    return { struck: 1, filled, distributed };
  }

  /**
   * A buy at `nav`: by amount (the reserve is the amount incl. fee) or by units (cut to what the
   * reserve buys when the NAV rose past the cushion). Units that come to 0 fail the order and
   * return its reserve. Returns whether the order was filled (or failed) here.
   */
  private async fillBuy(trx: Trx, f: FundRow, o: OrderRow, day: IsoDate, nav: number, fund: { assets: number; units: number }, now: number): Promise<boolean> {
    await lockCash(trx, this.ctx.database.caps, o.user_id, JPY);
    const fill = o.mode === 'units' ? buyByUnits(o.units_asked ?? 0, nav, f.purchase_fee_ppm, o.reserved) : { ...buyByAmount(o.reserved, nav, f.purchase_fee_ppm), cut: false };
    const ref = { userId: o.user_id, refType: 'trust_order', refId: o.id, account: o.account_type };
    if (fill.units === 0) {
      if (!(await repo.failOrder(trx, o.id, 'amount_below_unit'))) return false;
      const p = new Postings(o.user_id, JPY).own('frozen', -o.reserved).own('cash', o.reserved);
      if (p.list.length > 0) await postTrust(this.ctx.ledger, trx, 'trust_release', ref, { id: 'memo_trust_release', params: { ...fundMemo(f), amount: o.reserved, why: 'failed' } }, p);
      return true;
    }
    const ok = await repo.fillOrder(trx, o.id, {
      nav, units: fill.units, value: fill.value, fee: fill.fee, book_cost: fill.paid, principal: fill.value, filled_at: now, reason: fill.cut ? 'units_cut' : null,
    });
    if (!ok) return false;
    const p = new Postings(o.user_id, JPY).own('frozen', -o.reserved).house('trust_settlement', fill.value).house('fee_income', fill.fee).own('cash', o.reserved - fill.paid);
    const memo: Memo = { id: 'memo_trust_purchase', params: { ...fundMemo(f), units: fill.units, nav, date: day, value: fill.value, fee: fill.fee } };
    await postTrust(this.ctx.ledger, trx, 'trust_purchase', ref, memo, p);
    await repo.addToHolding(trx, { userId: o.user_id, fundId: f.id, account: o.account_type }, { units: fill.units, principal: fill.value, bookCost: fill.paid }, now);
    fund.units += fill.units;
    fund.assets += fill.value;
    return true;
  }

  /**
   * A 解約 at `nav`: the units asked (all: every unit held in the account), never more than the
   * account holds at the strike; its 取得価額 and 個別元本 leave in proportion (shareOf). The money
   * waits in trust_settlement for the 受渡日 (payout.ts).
   */
  private async fillSell(trx: Trx, f: FundRow, o: OrderRow, day: IsoDate, nav: number, fund: { assets: number; units: number }, now: number): Promise<boolean> {
    await lockCash(trx, this.ctx.database.caps, o.user_id, JPY);
    const h = await repo.findHolding(trx, o.user_id, f.id, o.account_type);
    const held = h?.units ?? 0;
    const units = o.mode === 'all' ? held : Math.min(o.units_asked ?? 0, held);
    if (!h || units <= 0) return repo.failOrder(trx, o.id, 'not_held');
    const r = redemption(units, nav, f.retention_ppm);
    const bookCost = shareOf(h.book_cost, units, held);
    const principal = shareOf(h.principal, units, held);
    const capped = o.mode !== 'all' && units < (o.units_asked ?? 0);
    const ok = await repo.fillOrder(trx, o.id, {
      nav, units, value: r.value, retention: r.retention, book_cost: bookCost, principal, settle_date: settleDateOf(day, f.settle_days), filled_at: now,
      reason: capped ? 'units_capped' : null,
    });
    if (!ok) return false;
    await repo.setHolding(trx, { ...h, units: held - units, book_cost: h.book_cost - bookCost, principal: h.principal - principal }, now);
    fund.units -= units;
    fund.assets -= r.proceeds;
    return true;
  }
}
