/**
 * A fund's distribution (分配金) on a 決算日 (docs/domain.md "Investment trusts and 積立"), inside the
 * strike's transaction, to every holder of record (each user and account type holding units at the
 * strike, before the day's orders):
 * - gross = ⌊units × dist ÷ 10,000⌋; the fund's assets lose Σ gross, giving the ex-distribution NAV x;
 * - splitDistribution: where x is below the holder's 個別元本, that part is 元本払戻金（特別分配金）,
 *   never taxed, and lowers the 個別元本; the rest is 普通分配金, taxed 20.315 % (dividendTax) outside
 *   NISA, withheld in 特定 and 一般 alike (配当所得, like a stock dividend);
 * - entry trust_distribution (income): trust_settlement −普通分配金, cash +(普通分配金 − tax), tax_payable +tax;
 *   entry trust_capital_return (not income): trust_settlement −元本払戻金, cash +元本払戻金, and the
 *   holding's 個別元本 and 取得価額 both fall by it;
 * - a 再投資型 fund buys units at x without fee with the net (trust_purchase: cash −net,
 *   trust_settlement +net, and a filled trust_order row of source 'reinvest'). In a NISA frame the
 *   reinvestment counts against the frame (trade's room, after the user's lock); when it does not fit
 *   — or the user owes a shortfall, which the payment repays first — it is paid to cash instead.
 */
import { lockWallet, noteShortfall, Postings } from '../../ledger';
import { jstMs, type IsoDate } from '../../../shared/market';
import { navOf, sellValue, splitDistribution, TRUST_STRIKE, UNITS_PER_NAV } from '../../../shared/domain/trust';
import { isNisa, roomFor } from '../../../shared/domain/account-type';
import { dividendTax } from '../../../shared/domain/trade-money';
import type { Memo } from '../../../shared/domain/ledger-kinds';
import { nisaUsageOf } from '../trade';
import { postTrust, reinvestOrder, type Trx, type TrustStrikeCtx } from './entries';
import { fundMemo } from './view';
import * as repo from './strike-repo';
import type { FundRow, HoldingRow } from './strike-repo';

const JPY = 'JPY' as const;

export interface DistributionOutcome {
  /** The fund after the distribution and its reinvestments. */
  assets: number;
  units: number;
  /** The ex-distribution NAV (the day's orders fill at it). */
  nav: number;
  /** Holdings paid. */
  paid: number;
}

export class Distributions {
  constructor(private readonly ctx: TrustStrikeCtx) {}

  /** Pays `dist` per 10,000口 of fund `f` struck on `day` to its holders of record; `fund` is its assets and units before. */
  async pay(trx: Trx, f: FundRow, day: IsoDate, dist: number, fund: { assets: number; units: number }, now: number): Promise<DistributionOutcome> {
    const holders = await repo.holdersOf(trx, f.id);
    const grosses = holders.map((h) => sellValue(h.units, dist));
    let assets = fund.assets - grosses.reduce((a, g) => a + g, 0);
    let units = fund.units;
    const exNav = navOf(assets, units);
    let paid = 0;
    for (const [i, h] of holders.entries()) {
      const gross = grosses[i]!;
      if (gross <= 0) continue;
      const bought = await this.payHolder(trx, f, h, { day, dist, gross, exNav, now });
      assets += bought.net;
      units += bought.units;
      paid++;
    }
    return { assets, units, nav: exNav, paid };
  }

  /** One holder's distribution and its reinvestment; returns what was reinvested (0 when paid to cash). */
  private async payHolder(trx: Trx, f: FundRow, h: HoldingRow, d: { day: IsoDate; dist: number; gross: number; exNav: number; now: number }): Promise<{ net: number; units: number }> {
    const split = splitDistribution(h.units, h.principal, d.dist, d.exNav);
    const tax = isNisa(h.account_type) ? 0 : dividendTax(split.ordinary);
    const net = d.gross - tax;
    const wallet = await lockWallet(trx, this.ctx.database.caps, h.user_id, JPY);
    const units = Number((BigInt(net) * BigInt(UNITS_PER_NAV)) / BigInt(d.exNav));
    const reinvest = f.reinvest === 1 && units > 0 && wallet.shortfall >= 0 && (await this.fitsNisa(trx, h, net, d.day));
    const ref = { userId: h.user_id, refType: 'trust_fund', refId: f.id, account: h.account_type };
    const ordinaryNet = split.ordinary - tax;
    if (split.ordinary > 0) {
      const p = new Postings(h.user_id, JPY, wallet).house('trust_settlement', -split.ordinary).house('tax_payable', tax);
      p.credit('cash', ordinaryNet);
      const memo: Memo = {
        id: 'memo_trust_distribution',
        params: { ...fundMemo(f), units: h.units, per10k: d.dist, date: d.day, ordinary: split.ordinary, special: split.special, paid: reinvest ? 'reinvest' : 'cash' },
      };
      await postTrust(this.ctx.ledger, trx, 'trust_distribution', ref, memo, p);
      await noteShortfall(trx, p, d.now);
    }
    if (split.special > 0) {
      // 元本払戻金 gives back the holder's own principal: not income, and 取得価額 falls by it
      // (所得税法施行令 第114条), so it is its own entry, outside the income kinds.
      const p = new Postings(h.user_id, JPY, wallet).house('trust_settlement', -split.special);
      p.credit('cash', split.special);
      const memo: Memo = { id: 'memo_trust_capital_return', params: { ...fundMemo(f), units: h.units, date: d.day, amount: split.special, paid: reinvest ? 'reinvest' : 'cash' } };
      await postTrust(this.ctx.ledger, trx, 'trust_capital_return', ref, memo, p);
      await noteShortfall(trx, p, d.now);
    }
    const after = { ...h, principal: h.principal - split.special, book_cost: h.book_cost - split.special };
    if (!reinvest) {
      await repo.setHolding(trx, after, d.now);
      return { net: 0, units: 0 };
    }
    const order = reinvestOrder({ userId: h.user_id, fundId: f.id, account: h.account_type, day: d.day, nav: d.exNav, units, net, now: d.now });
    await repo.insertOrder(trx, order);
    const buy = new Postings(h.user_id, JPY).own('cash', -net).house('trust_settlement', net);
    const buyMemo: Memo = { id: 'memo_trust_purchase', params: { ...fundMemo(f), units, nav: d.exNav, date: d.day, value: net, fee: 0 } };
    await postTrust(this.ctx.ledger, trx, 'trust_purchase', { ...ref, refType: 'trust_order', refId: order.id }, buyMemo, buy);
    await repo.setHolding(trx, { ...after, units: h.units + units, principal: after.principal + net, book_cost: after.book_cost + net }, d.now);
    return { net, units };
  }

  /**
   * Whether a reinvestment of `net` fits the holder's NISA room in the Tokyo year of the 決算日 (a
   * taxable account always takes it). The order row it would add counts like any filled buy.
   */
  private async fitsNisa(trx: Trx, h: HoldingRow, net: number, day: IsoDate): Promise<boolean> {
    if (!isNisa(h.account_type)) return true;
    const usage = await nisaUsageOf(trx, h.user_id, jstMs(day, TRUST_STRIKE.hour, TRUST_STRIKE.minute));
    return roomFor(usage, h.account_type).room >= net;
  }
}
