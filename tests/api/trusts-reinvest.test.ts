import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { fundsApi } from '../../src/shared/api/funds';
import type { AccountType } from '../../src/shared/domain/account-type';
import { roomFor } from '../../src/shared/domain/account-type';
import type { IsoDate } from '../../src/shared/market';
import { nisaUsageOf } from '../../src/server/modules/trade';
import { expectLedgerBalanced, signIn } from './trade-support';
import {
  at, balances, dataOf, entriesOf, expectedSell, fundRow, holdingRow, investor, jobsAt, navRow, navRows, orderRow, placed, strikeOf, taxOf, yearTax,
} from './trusts-support';

/**
 * docs/domain.md "Investment trusts and 積立": (1) a 再投資型 fund's distribution reinvested at the
 * ex-distribution NAV without fee, in 特定 (taxed 20.315 % on the 普通分配金) and in NISA 成長投資枠
 * (untaxed, counted in the frame), paid to cash instead where the frame has no room; (2) 解約 at a
 * gain in accounts that do not withhold (一般, 特定・源泉徴収なし): tax 0, the gain recorded in the
 * year's netting row, against a 特定・源泉徴収あり holder who pays 20.315 %. Ledger invariants after each step.
 */
const PRIME = 'kabuto-prime-dividend';
const TOPIX = 'kabuto-topix';
const D1: IsoDate = '2026-11-24';
const NISA_FULL_DAY: IsoDate = '2027-02-01';
// PRIME's 決算日 of 16 August 2027 (the 15th is a Sunday). The simulated NAV is deterministic: it
// stood at 16,348 on 2027-06-22 and 16,415 on 2027-08-13, above the ex-NAV of the 決算日 (about 16,250 with
// ¥147 distributed), so a holder bought on 2027-06-22 gets both parts and one bought on 2027-08-13 only
// 元本払戻金; the holders since 2026 get only 普通分配金 (the test asserts the split from the figures,
// so another market path would still be checked, only less completely).
const MID: IsoDate = '2027-06-22';
const EVE: IsoDate = '2027-08-13';
const RECORD: IsoDate = '2027-08-16';

const db = (s: TestServer) => s.services.database.db;

async function room(s: TestServer, userId: string, t: number) {
  return roomFor(await nisaUsageOf(db(s), userId, t), 'nisa_growth').room;
}

async function recordMemo(s: TestServer, u: TestUser, kind: string) {
  const rec = await s.api(fundsApi.records, { token: u.token, query: { type: 'trust', limit: 50 } });
  expect(rec.status).toBe(200);
  const memos = dataOf(rec.body).items.filter((r) => r.kind === kind).map((r) => r.memo as { params?: Record<string, unknown> });
  return memos.find((m) => m.params?.date === RECORD);
}

for (const dialect of testDialects()) {
  describe(`再投資型: distributions reinvested (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      await jobsAt(s, at(D1, 9));
      // The reinvestment path exists for any 再投資型 fund that distributes; no catalogue fund does
      // both (PRIME is 受取型), so PRIME is made 再投資型 here, before anyone buys.
      await db(s).updateTable('trust_fund').set({ reinvest: 1 }).where('id', '=', PRIME).execute();
    }, 60_000);
    afterAll(async () => {
      await s?.close();
    });

    it('reinvests the net at the ex-NAV in 特定 and NISA; pays to cash where the NISA frame is full', async () => {
      s.clock.set(at(D1, 10));
      const spec = await investor(s, 3_000_000);
      const nisaA = await investor(s, 3_000_000, { nisa: true });
      await placed(s, spec, { fundId: PRIME, account: 'specific', amount: 1_000_000 });
      await placed(s, nisaA, { fundId: PRIME, account: 'nisa_growth', amount: 1_000_000 });
      const nisaB = await investor(s, 2_600_000, { nisa: true });
      const mid = await investor(s, 3_000_000);
      const late = await investor(s, 3_000_000);
      await jobsAt(s, strikeOf(D1));
      await expectLedgerBalanced(s);

      // A NISA holder who fills the 2027 成長投資枠 before the 決算日.
      await jobsAt(s, at(NISA_FULL_DAY, 10));
      // Two months on: the sessions have expired.
      for (const u of [spec, nisaA, nisaB, mid, late]) await signIn(s, u);
      const r0 = await room(s, nisaB.id, s.clock.now());
      expect(r0).toBe(2_400_000);
      await placed(s, nisaB, { fundId: PRIME, account: 'nisa_growth', amount: r0 - 500 });
      await jobsAt(s, strikeOf(NISA_FULL_DAY));
      await expectLedgerBalanced(s);
      // Two more 特定 holders, bought nearer the 決算日 (個別元本 above its ex-NAV). The 決算日 of
      // February and May pass on the way (reinvested or, for nisaB, paid to cash).
      for (const [u, day] of [[mid, MID], [late, EVE]] as const) {
        await jobsAt(s, at(day, 10));
        for (const v of [spec, nisaA, nisaB, mid, late]) await signIn(s, v);
        await placed(s, u, { fundId: PRIME, account: 'specific', amount: 1_000_000 });
        await jobsAt(s, strikeOf(day));
        await expectLedgerBalanced(s);
      }

      s.clock.set(at(RECORD, 16));
      const tRoom = at(RECORD, 16);
      const holders: { u: TestUser; account: AccountType; reinvests: boolean }[] = [
        { u: spec, account: 'specific', reinvests: true },
        { u: nisaA, account: 'nisa_growth', reinvests: true },
        { u: nisaB, account: 'nisa_growth', reinvests: false },
        { u: mid, account: 'specific', reinvests: true },
        { u: late, account: 'specific', reinvests: true },
      ];
      const before = new Map<string, { h: Awaited<ReturnType<typeof holdingRow>>; cash: number; room: number; income: number; capital: number }>();
      for (const x of holders) {
        before.set(x.u.id, {
          h: await holdingRow(s, x.u.id, PRIME, x.account), cash: (await balances(s, x.u.id)).cash, room: x.account === 'specific' ? 0 : await room(s, x.u.id, tRoom),
          income: (await entriesOf(s, x.u.id, 'trust_distribution')).length, capital: (await entriesOf(s, x.u.id, 'trust_capital_return')).length,
        });
      }
      expect(before.get(nisaB.id)!.room).toBeLessThan(1_000);
      const prev = (await navRows(s, PRIME)).at(-1)!;
      expect(prev.date < RECORD).toBe(true);
      const taxPayable = await s.services.ledger.balance('house', 'JPY', 'tax_payable');

      await jobsAt(s, strikeOf(RECORD));
      const row = await navRow(s, PRIME, RECORD);
      expect(row.distribution, 'PRIME distributes on its 決算日').toBeGreaterThan(0);
      const exNav = row.nav;

      let sumGross = 0;
      let sumNet = 0;
      let sumUnits = 0;
      let sumTax = 0;
      let specials = 0;
      for (const x of holders) {
        const label = `${x.account} ${x.reinvests ? 'reinvest' : 'cash'}`;
        const b = before.get(x.u.id)!;
        const gross = Number((BigInt(b.h.units) * BigInt(row.distribution)) / 10_000n);
        // This 決算日's entries (earlier ones of February and May come first).
        const income = (await entriesOf(s, x.u.id, 'trust_distribution')).slice(b.income);
        const capital = (await entriesOf(s, x.u.id, 'trust_capital_return')).slice(b.capital);
        expect(income.length, label).toBeLessThanOrEqual(1);
        expect(capital.length, label).toBeLessThanOrEqual(1);
        for (const e of [...income, ...capital]) expect(e.refId, label).toBe(PRIME);
        expect(income.length + capital.length, label).toBeGreaterThan(0);
        const ordinary = income.length ? -income[0]!.postings['house:trust_settlement']! : 0;
        const special = capital.length ? -capital[0]!.postings['house:trust_settlement']! : 0;
        expect(ordinary + special, label).toBe(gross);
        // 元本払戻金 per 10,000口 = min(dist, max(0, 個別元本 − exNAV)).
        const principal10k = Number((BigInt(b.h.principal) * 10_000n) / BigInt(b.h.units));
        const special10k = Math.min(row.distribution, Math.max(0, principal10k - exNav));
        expect(special, label).toBe(Math.min(gross, Number((BigInt(b.h.units) * BigInt(special10k)) / 10_000n)));
        const tax = x.account === 'specific' ? taxOf(ordinary) : 0;
        if (x.account === 'specific' && ordinary > 0) expect(tax, label).toBeGreaterThan(0);
        if (ordinary > 0) {
          expect(income[0]!.taxAccount).toBe(x.account);
          expect(income[0]!.postings, label).toEqual({ 'house:trust_settlement': -ordinary, 'user:cash': ordinary - tax, ...(tax > 0 ? { 'house:tax_payable': tax } : {}) });
        }
        if (special > 0) expect(capital[0]!.postings, label).toEqual({ 'house:trust_settlement': -special, 'user:cash': special });
        const net = gross - tax;
        console.debug(`${label}: units ${b.h.units}, 個別元本/10k ${principal10k}, exNAV ${exNav}, dist ${row.distribution}; 普通 ${ordinary}, 元本払戻 ${special}, tax ${tax}, net ${net}`);
        sumGross += gross;
        sumTax += tax;
        specials += special;
        const orders = await db(s).selectFrom('trust_order').selectAll().where('user_id', '=', x.u.id).where('source', '=', 'reinvest').where('nav_date', '=', RECORD).execute();
        const paid = (await recordMemo(s, x.u, ordinary > 0 ? 'trust_distribution' : 'trust_capital_return'))?.params?.paid;
        const after = await holdingRow(s, x.u.id, PRIME, x.account);
        const cash = (await balances(s, x.u.id)).cash;
        if (x.reinvests) {
          const units = Math.floor((net * 10_000) / exNav);
          expect(units, label).toBeGreaterThan(0);
          expect(orders.length, label).toBe(1);
          const o = await orderRow(s, orders[0]!.id);
          expect(o, label).toMatchObject({ side: 'buy', status: 'filled', source: 'reinvest', account_type: x.account, nav_date: RECORD, nav: exNav, units, value: net, fee: 0 });
          const buy = (await entriesOf(s, x.u.id, 'trust_purchase')).filter((e) => e.refId === o.id);
          expect(buy.length, label).toBe(1);
          expect(buy[0]!.postings, label).toEqual({ 'user:cash': -net, 'house:trust_settlement': net });
          expect(paid, label).toBe('reinvest');
          expect(after, label).toEqual({ units: b.h.units + units, principal: b.h.principal - special + net, bookCost: b.h.bookCost - special + net });
          // Gross in less the tax withheld, the net out again: the cash does not move (the tax never reached it).
          expect(cash, label).toBe(b.cash);
          if (x.account !== 'specific') expect(await room(s, x.u.id, tRoom), `${label}: room`).toBe(b.room - net);
          sumNet += net;
          sumUnits += units;
        } else {
          expect(orders, label).toEqual([]);
          expect(paid, label).toBe('cash');
          expect(after, label).toEqual({ units: b.h.units, principal: b.h.principal - special, bookCost: b.h.bookCost - special });
          expect(cash, label).toBe(b.cash + gross);
          const r = await room(s, x.u.id, tRoom);
          expect(r, label).toBe(b.room);
          expect(r).toBeGreaterThanOrEqual(0);
        }
      }
      expect(specials, 'a 元本払戻金 among the holders').toBeGreaterThan(0);
      expect(await s.services.ledger.balance('house', 'JPY', 'tax_payable')).toBe(taxPayable + sumTax);
      // The fund: the ex-NAV on the units of record, then the reinvested units and their money back in.
      expect(exNav).toBe(Number(((BigInt(row.grossAssets) - BigInt(row.fee) - BigInt(sumGross)) * 10_000n) / BigInt(prev.units)));
      expect(row.units).toBe(prev.units + sumUnits);
      expect(row.assets).toBe(row.grossAssets - row.fee - sumGross + sumNet);
      expect(await fundRow(s, PRIME)).toMatchObject({ units: row.units, assets: row.assets, last_date: RECORD });
      await expectLedgerBalanced(s);
    }, 120_000);
  });

  describe(`解約 without withholding (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      await jobsAt(s, at(D1, 9));
    }, 60_000);
    afterAll(async () => {
      await s?.close();
    });

    it('pays 一般 and 特定・源泉徴収なし in full (gain recorded), withholds 20.315 % in 特定・源泉徴収あり', async () => {
      s.clock.set(at(D1, 10));
      const gen = await investor(s, 3_000_000, { general: true });
      const noWh = await investor(s, 3_000_000);
      const now = s.clock.now();
      // 特定口座・源泉徴収なし, chosen before any sale (the row as the NISA tax tests set it).
      await db(s).insertInto('tax_account').values({ user_id: noWh.id, specific: 1, withholding: 0, created_at: now, updated_at: now }).execute();
      const wh = await investor(s, 3_000_000);
      const holders: { u: TestUser; account: AccountType; withholds: boolean }[] = [
        { u: gen, account: 'general', withholds: false },
        { u: noWh, account: 'specific', withholds: false },
        { u: wh, account: 'specific', withholds: true },
      ];
      for (const x of holders) await placed(s, x.u, { fundId: TOPIX, account: x.account, amount: 1_000_000 });
      await jobsAt(s, strikeOf(D1));
      const buyNav = (await navRow(s, TOPIX, D1)).nav;

      // A day the TOPIX closed well above D1's (the fund's NAV follows it): the 解約 is at a gain.
      const c1 = s.services.market.dailyBars('TOPIX', D1, D1)[0]!.close;
      const bars = s.services.market.dailyBars('TOPIX', '2026-11-26', '2026-12-18');
      const sellDay = bars.find((b) => b.close > c1 * 1.015)?.date;
      expect(sellDay, 'a TOPIX close 1.5 % above D1 before 18 December').toBeDefined();
      await jobsAt(s, at(sellDay!, 9));
      s.clock.set(at(sellDay!, 10));
      const sells: Record<string, string> = {};
      for (const x of holders) {
        const h = await holdingRow(s, x.u.id, TOPIX, x.account);
        sells[x.u.id] = (await placed(s, x.u, { fundId: TOPIX, account: x.account, side: 'sell', mode: 'units', units: h.units })).id;
      }
      const cashBefore = new Map<string, number>();
      for (const x of holders) cashBefore.set(x.u.id, (await balances(s, x.u.id)).cash);
      await jobsAt(s, strikeOf(sellDay!));
      const nav = (await navRow(s, TOPIX, sellDay!)).nav;
      expect(nav).toBeGreaterThan(buyNav);
      const f = await fundRow(s, TOPIX);
      const settle = (await orderRow(s, sells[gen.id]!)).settle_date!;
      expect(settle > sellDay!).toBe(true);
      // Nothing paid before the 受渡日.
      for (const x of holders) expect((await balances(s, x.u.id)).cash).toBe(cashBefore.get(x.u.id));
      await jobsAt(s, at(settle, 9));
      const year = Number(settle.slice(0, 4));
      for (const x of holders) {
        const label = `${x.account} ${x.withholds ? 'withholding' : 'no withholding'}`;
        const o = await orderRow(s, sells[x.u.id]!);
        const e = expectedSell(o.units!, nav, Number(f.retention_ppm));
        expect(o, label).toMatchObject({ status: 'paid', nav, value: e.value, retention: e.retention });
        const gain = e.proceeds - o.book_cost!;
        expect(gain, label).toBeGreaterThan(0);
        const tax = x.withholds ? taxOf(gain) : 0;
        expect(o.tax, label).toBe(tax);
        expect((await balances(s, x.u.id)).cash, label).toBe(cashBefore.get(x.u.id)! + e.proceeds - tax);
        const red = (await entriesOf(s, x.u.id, 'trust_redemption')).filter((r) => r.refId === o.id);
        expect(red.length, label).toBe(1);
        expect(red[0]!.taxAccount, label).toBe(x.account);
        expect(red[0]!.postings, label).toEqual({ 'house:trust_settlement': -e.proceeds, 'user:cash': e.proceeds - tax, ...(tax > 0 ? { 'house:tax_payable': tax } : {}) });
        expect(await yearTax(s, x.u.id, year, x.account), label).toEqual({ net: gain, withheld: tax });
      }
      await expectLedgerBalanced(s);
    }, 120_000);
  });
}
