/**
 * 解約代金 paid on the 受渡日 (docs/domain.md "Investment trusts and 積立"): a 解約 struck on its NAV
 * date waits in trust_settlement (status 'filled') until `settle_date`; from the start of that Tokyo
 * day the job pays it, each in a money command keyed `trust-payout:<orderId>` (so a retry or a
 * second instance pays it once):
 * - gain = proceeds − 取得価額 of the units sold, netted with the account's other gains of the
 *   Tokyo year of the 受渡日 (trade's netYearTax: withheld or refunded in a 特定口座 with
 *   源泉徴収あり, recorded only in 一般 / 源泉徴収なし); a NISA 解約 is tax-free and nets nothing;
 * - entry trust_redemption: trust_settlement −proceeds, tax_payable +tax, and the user's cash
 *   +(proceeds − tax) — repaying a shortfall first, as every credit does (a refund makes the tax
 *   negative and the credit larger).
 */
import type { Clock } from '../../clock';
import { lockWallet, moneyCommand, noteShortfall, Postings } from '../../ledger';
import { jstDate } from '../../../shared/market';
import { isTaxable } from '../../../shared/domain/account-type';
import type { Memo } from '../../../shared/domain/ledger-kinds';
import { netYearTax, withholdsTax } from '../trade';
import { postTrust, type TrustStrikeCtx } from './entries';
import { fundMemo } from './view';
import * as repo from './payout-repo';
import { findFund } from './strike-repo';

const JPY = 'JPY' as const;

export class TrustPayouts {
  constructor(private readonly ctx: TrustStrikeCtx) {}

  /** Every 解約 due at `at`; returns how many were paid. `failed` hears of one that could not be. */
  async runDue(at: number, failed: (orderId: string, err: unknown) => void): Promise<number> {
    let paid = 0;
    const clock: Clock = { now: () => at };
    for (const o of await repo.dueSells(this.ctx.database.db, jstDate(at))) {
      try {
        if (await this.pay(o.id, o.user_id, clock)) paid++;
      } catch (err) {
        failed(o.id, err);
      }
    }
    return paid;
  }

  /** Pays one struck 解約 (nothing when it was paid already). */
  pay(orderId: string, userId: string, clock: Clock): Promise<boolean> {
    return moneyCommand(this.ctx.ledger, {
      scope: userId, key: `trust-payout:${orderId}`, op: 'trusts.payout', request: { orderId }, clock,
      run: async ({ trx, now }) => {
        const wallet = await lockWallet(trx, this.ctx.database.caps, userId, JPY);
        const o = await repo.findOrder(trx, orderId);
        if (!o || o.side !== 'sell' || o.status !== 'filled' || o.settle_date === null) return false;
        const f = await findFund(trx, o.fund_id);
        if (!f) throw new Error(`trust payout: fund ${o.fund_id} not found`);
        const value = o.value ?? 0;
        const retention = o.retention ?? 0;
        const proceeds = value - retention;
        const gain = proceeds - (o.book_cost ?? 0);
        const year = Number(o.settle_date.slice(0, 4));
        const tax = isTaxable(o.account_type) ? await netYearTax(trx, userId, year, o.account_type, await withholdsTax(trx, userId, o.account_type), gain, now) : 0;
        const p = new Postings(userId, JPY, wallet).house('trust_settlement', -proceeds).house('tax_payable', tax);
        const net = proceeds - tax;
        if (net >= 0) p.credit('cash', net);
        else p.owe(-net);
        if (p.list.length > 0) {
          const memo: Memo = { id: 'memo_trust_redemption', params: { ...fundMemo(f), units: o.units ?? 0, nav: o.nav ?? 0, date: o.nav_date, value, retention, gain } };
          await postTrust(this.ctx.ledger, trx, 'trust_redemption', { userId, refType: 'trust_order', refId: o.id, account: o.account_type }, memo, p);
          await noteShortfall(trx, p, now);
        }
        return repo.markPaid(trx, o.id, tax, now);
      },
    });
  }
}
