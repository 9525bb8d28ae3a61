import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { fundsApi } from '../../src/shared/api/funds';
import type { AccountType } from '../../src/shared/domain/account-type';
import type { IsoDate } from '../../src/shared/market';
import { expectLedgerBalanced } from './trade-support';
import {
  at, balances, calendarDays, dataOf, entriesOf, holdingRow, investor, jobsAt, navRow, navRows, orderOf, placeOrder, placed, strikeOf, taxOf,
} from './trusts-support';

/**
 * Issue 39 "Must show": a distribution split into 普通分配金 and 元本払戻金（特別分配金） with tax only on
 * the former (docs/domain.md "Investment trusts and 積立", the strike's step 4 and "Distribution").
 * kabuto-monthly-bond distributes a fixed ¥40 per 10,000口 on the 20th of every month (moved to the
 * next business day); holders bought on different days before the 決算日 of 2026-12-20 (a Sunday:
 * 2026-12-21), so their 個別元本 differ: the early buyers' distribution is all 元本払戻金, the last
 * day's buyers (one 特定, one 一般) get both parts. Each holder's split is
 * recomputed here from their 個別元本 and the ex-distribution NAV: special per 10,000口 =
 * min(40, max(0, 個別元本 per 10,000口 − ex-NAV)); tax 20.315 % on the 普通分配金 alone, withheld in
 * 特定 and in 一般 alike (配当所得), booked as trust_distribution; the 元本払戻金 is its own entry
 * (trust_capital_return, not income) and lowers both 個別元本 and 取得価額. The fund is 毎月分配型, so NISA
 * refuses it (nisa_not_eligible). Its policy is 'pay' (the catalogue's reinvesting funds do not
 * distribute), so reinvestment is not covered here. The ledger invariants after.
 */
const BOND = 'kabuto-monthly-bond';
const RECORD: IsoDate = '2026-12-21';
const BUY_DAYS: IsoDate[] = ['2026-12-07', '2026-12-08', '2026-12-10', '2026-12-11', '2026-12-14', '2026-12-16', '2026-12-17', '2026-12-18'];

interface Holder { u: TestUser; account: AccountType; day: IsoDate }

for (const dialect of testDialects()) {
  describe(`分配金: 普通分配金 and 元本払戻金 (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      await jobsAt(s, at('2026-11-24', 9));
    });
    afterAll(async () => {
      await s?.close();
    });

    it('splits each holder\'s distribution by their 個別元本, taxes only the 普通分配金 and lowers 個別元本 by the 元本払戻金', async () => {
      const holders: Holder[] = [];
      s.clock.set(at(BUY_DAYS[0]!, 10));
      const nisa = await investor(s, 1_000_000, { nisa: true });
      const refused = await placeOrder(s, nisa, { fundId: BOND, account: 'nisa_growth', amount: 100_000 });
      expect(refused.status, JSON.stringify(refused.body)).toBe(422);
      expect(refused.body).toMatchObject({ status: 0, msg: 'nisa_not_eligible' });
      expect(await balances(s, nisa.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });

      // One holder a day, two on the last day (特定 and 一般): bought nearest the 決算日, their 個別元本 is nearest the ex-NAV.
      for (const [i, day] of BUY_DAYS.entries()) {
        s.clock.set(at(day, 10));
        const accounts: AccountType[] = i === BUY_DAYS.length - 1 ? ['specific', 'general'] : ['specific'];
        for (const [j, account] of accounts.entries()) {
          const u = await investor(s, 3_000_000, { general: account === 'general' });
          const o = await placed(s, u, { fundId: BOND, account, amount: 1_000_000 + i * 1_111 + j * 7 });
          expect(o.navDate).toBe(day);
          holders.push({ u, account, day });
        }
        await jobsAt(s, strikeOf(day));
      }
      // A buyer on the 決算日 itself fills after the distribution (at the ex-NAV): no distribution.
      s.clock.set(at(RECORD, 10));
      const late = await investor(s, 3_000_000);
      const lateOrder = await placed(s, late, { fundId: BOND, amount: 1_000_000 });
      expect(lateOrder.navDate).toBe(RECORD);

      const before = new Map<string, { units: number; principal: number; bookCost: number; cash: number }>();
      for (const h of holders) before.set(h.u.id, { ...(await holdingRow(s, h.u.id, BOND, h.account)), cash: (await balances(s, h.u.id)).cash });
      const prevRows = await navRows(s, BOND);
      const prev = prevRows.at(-1)!;
      expect(prev.date).toBe('2026-12-18');
      const taxPayable = await s.services.ledger.balance('house', 'JPY', 'tax_payable');

      await jobsAt(s, strikeOf(RECORD));
      const row = await navRow(s, BOND, RECORD);
      expect(row.distribution).toBe(40);
      expect(row.days).toBe(calendarDays('2026-12-18', RECORD));
      // The ex-distribution NAV: after the fee and what was paid out, on the units of record.
      let paidOut = 0;
      let taxes = 0;
      let specials = 0;
      let ordinaries = 0;
      const splits: { account: AccountType; ordinary: number; special: number; tax: number }[] = [];
      for (const h of holders) {
        const b = before.get(h.u.id)!;
        const gross = Math.floor((b.units * 40) / 10_000);
        paidOut += gross;
      }
      expect(row.nav).toBe(Math.floor(((row.grossAssets - row.fee - paidOut) * 10_000) / prev.units));
      const x = row.nav;

      for (const h of holders) {
        const b = before.get(h.u.id)!;
        const p10k = Math.floor((b.principal * 10_000) / b.units);
        const special10k = Math.min(40, Math.max(0, p10k - x));
        const gross = Math.floor((b.units * 40) / 10_000);
        const special = Math.min(gross, Math.floor((b.units * special10k) / 10_000));
        const ordinary = gross - special;
        const tax = taxOf(ordinary);
        splits.push({ account: h.account, ordinary, special, tax });
        specials += special;
        ordinaries += ordinary;
        taxes += tax;
        const label = `${h.day} ${h.account}: units ${b.units}, 個別元本 ${p10k}/10,000口, ex-NAV ${x}`;
        expect((await balances(s, h.u.id)).cash, label).toBe(b.cash + gross - tax);
        // 個別元本 and 取得価額 both fall by the 元本払戻金 (所得税法施行令 第114条).
        expect(await holdingRow(s, h.u.id, BOND, h.account), label).toEqual({ units: b.units, principal: b.principal - special, bookCost: b.bookCost - special });
        // 普通分配金: trust_distribution (income), taxed; 元本払戻金: trust_capital_return, never taxed.
        const income = await entriesOf(s, h.u.id, 'trust_distribution');
        const capital = await entriesOf(s, h.u.id, 'trust_capital_return');
        expect(income.length, label).toBe(ordinary > 0 ? 1 : 0);
        expect(capital.length, label).toBe(special > 0 ? 1 : 0);
        if (ordinary > 0) {
          expect(income[0]!.taxAccount).toBe(h.account);
          expect(income[0]!.postings, label).toEqual({ 'house:trust_settlement': -ordinary, 'user:cash': ordinary - tax, ...(tax > 0 ? { 'house:tax_payable': tax } : {}) });
        }
        if (special > 0) {
          expect(capital[0]!.taxAccount).toBe(h.account);
          expect(capital[0]!.postings, label).toEqual({ 'house:trust_settlement': -special, 'user:cash': special });
        }
        // The records list shows them in the 投信 tab.
        const rec = await s.api(fundsApi.records, { token: h.u.token, query: { type: 'trust', limit: 50 } });
        expect(rec.status).toBe(200);
        const items = dataOf(rec.body).items;
        if (ordinary > 0) {
          expect(items.find((r) => r.kind === 'trust_distribution'), label).toMatchObject({
            type: 'trust', amount: ordinary - tax,
            memo: { id: 'memo_trust_distribution', params: { fundCode: 'KB000006', units: b.units, per10k: 40, ordinary, special, paid: 'cash', date: RECORD } },
          });
        }
        if (special > 0) {
          expect(items.find((r) => r.kind === 'trust_capital_return'), label).toMatchObject({
            type: 'trust', memo: { id: 'memo_trust_capital_return', params: { fundCode: 'KB000006', units: b.units, amount: special, paid: 'cash', date: RECORD } },
          });
        }
      }
      // Both parts occur among the holders (their 個別元本 lie on both sides of the ex-NAV), and
      // the tax is on the 普通分配金 alone.
      console.log(`ex-NAV ${x}; Σ 普通分配金 ${ordinaries}, Σ 元本払戻金 ${specials}, Σ tax ${taxes}`);
      expect(specials).toBeGreaterThan(0);
      expect(ordinaries).toBeGreaterThan(0);
      // A genuine split (both parts in one holder's distribution), in 特定 and in 一般, each taxed on the 普通分配金.
      for (const account of ['specific', 'general'] as const) {
        const both = splits.filter((x) => x.account === account && x.ordinary > 0 && x.special > 0);
        expect(both.length, `a split in ${account}`).toBeGreaterThan(0);
        for (const x of both) expect(x.tax).toBe(taxOf(x.ordinary));
        expect(both.every((x) => x.tax > 0)).toBe(true);
      }
      expect(await s.services.ledger.balance('house', 'JPY', 'tax_payable')).toBe(taxPayable + taxes);

      // The 決算日 buyer: filled at the ex-NAV, nothing distributed.
      expect(await orderOf(s, late, lateOrder.id)).toMatchObject({ status: 'filled', nav: x });
      expect(await entriesOf(s, late.id, 'trust_distribution')).toEqual([]);
      expect(await entriesOf(s, late.id, 'trust_capital_return')).toEqual([]);
      expect(row.units).toBe(prev.units + (await holdingRow(s, late.id, BOND, 'specific')).units);
      await expectLedgerBalanced(s);
    });
  });
}
