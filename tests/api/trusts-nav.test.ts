import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import type { IsoDate } from '../../src/shared/market';
import { closePos, expectLedgerBalanced, signIn, placed as stockPlaced, type OrderInput as StockOrder } from './trade-support';
import {
  at, balances, calendarDays, cancelOrder, dataOf, closeOn, entriesOf, expectedBuy, expectedSell, fundRow, fundView, holdingRow, holdingsOf, investor, jobsAt, navRow, navRows,
  orderOf, orderRow, placeOrder, placed, strikeOf, taxOf, yearTax, type NavRow,
} from './trusts-support';

/**
 * Issue 39 "Must show" (docs/domain.md "Investment trusts and 積立"): fund orders at the unknown next
 * NAV (ブラインド方式) on the test clock. An order before 15:30 Tokyo on a business day takes that day's
 * NAV, at or after 15:30 the next business day's, on a Saturday or a holiday the next business day's;
 * cancel until the cut-off of its NAV date, refused after with the cash exactly back before; units =
 * ⌊amount × 10,000 ÷ NAV⌋ (the maximal units whose value, rounded up, plus the 購入時手数料 fit in the
 * amount); each strike's NAV recomputed from its stored figures and, for the TOPIX fund, its gross
 * assets from the market's closes; a 解約 leaving the holding at the strike and paid on its 受渡日
 * with the 留保額 kept, tax on the gain netted in the 特定 year (with a stock loss), none in NISA.
 * The ledger invariants after each step.
 */
const TOPIX = 'kabuto-topix';
const PRIME = 'kabuto-prime-dividend';
const ACTIVE = 'kabuto-active';

const D1 = '2026-11-24'; // Tue (TEST_NOW's day)
const D2 = '2026-11-25';
const D3 = '2026-11-26';

for (const dialect of testDialects()) {
  describe(`fund orders at the next NAV (${dialect})`, () => {
    let s: TestServer;
    let u: TestUser;
    let nisa: TestUser;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      s = await startTestServer({ dialect });
      // The catalogue exists from the first run (nothing struck for D1 before 17:00).
      await jobsAt(s, at(D1, 9, 0));
    });
    afterAll(async () => {
      await s?.close();
    });

    /** NAV = ⌊(gross − fee − distribution paid) × 10,000 ÷ units before the orders⌋ (an empty fund: a notional 10,000口). */
    function expectNavFromFigures(prev: NavRow, row: NavRow, distributed = 0) {
      const units = prev.units > 0 ? prev.units : 10_000;
      expect(row.nav, `NAV ${row.date}`).toBe(Number(((BigInt(row.grossAssets) - BigInt(row.fee) - BigInt(distributed)) * 10_000n) / BigInt(units)));
      expect(row.days, `days ${row.date}`).toBe(calendarDays(prev.date, row.date));
    }

    /** TOPIX fund: gross = round(assets_P × (TOPIX close D ÷ close P + 2.2 % × days ÷ 365)), within rounding. */
    function expectTopixGross(prev: NavRow, row: NavRow) {
      const assetsP = prev.units > 0 ? prev.assets : prev.nav;
      const r = closeOn(s, 'TOPIX', row.date) / closeOn(s, 'TOPIX', prev.date) + (22_000 / 1e6) * (row.days / 365);
      expect(Math.abs(row.grossAssets - assetsP * r), `gross ${row.date}: ${row.grossAssets} vs ${assetsP * r}`).toBeLessThanOrEqual(1);
    }

    const previous = async (fund: string, date: IsoDate) => {
      const rows = await navRows(s, fund);
      const i = rows.findIndex((r) => r.date === date);
      expect(i, `strike ${fund} ${date}`).toBeGreaterThanOrEqual(0);
      return { prev: i > 0 ? rows[i - 1]! : null, row: rows[i]! };
    };

    it('takes the day\'s NAV before 15:30 and the next business day\'s at 15:30; cancels until the cut-off, not after', async () => {
      s.clock.set(at(D1, 10));
      u = await investor(s, 20_000_000);
      nisa = await investor(s, 5_000_000, { nisa: true });

      s.clock.set(at(D1, 15, 29, 59));
      const a = await placed(s, u, { fundId: TOPIX, amount: 1_000_000 });
      expect(a).toMatchObject({ navDate: D1, status: 'pending', side: 'buy', mode: 'amount', amount: 1_000_000, reserved: 1_000_000, cancellableUntil: at(D1, 15, 30), units: null });
      const c = await placed(s, u, { fundId: PRIME, amount: 1_234_567 });
      expect(c).toMatchObject({ navDate: D1, reserved: 1_234_567 });
      expect(await balances(s, u.id)).toMatchObject({ cash: 20_000_000 - 2_234_567, frozen: 2_234_567 });

      s.clock.set(at(D1, 15, 30));
      const b = await placed(s, u, { fundId: TOPIX, amount: 1_000_000 });
      expect(b).toMatchObject({ navDate: D2, status: 'pending', cancellableUntil: at(D2, 15, 30) });
      // At the cut-off the order for D1 may no longer be cancelled: nothing moves.
      const before = await balances(s, u.id);
      const late = await cancelOrder(s, u, a.id);
      expect(late.status, JSON.stringify(late.body)).toBe(422);
      expect(late.body).toMatchObject({ status: 0, msg: 'trust_not_cancellable' });
      expect(await balances(s, u.id)).toEqual(before);
      expect((await orderOf(s, u, a.id)).cancellableUntil).toBeNull();

      // An order for tomorrow is cancellable this evening: its cash comes back to the yen.
      s.clock.set(at(D1, 16));
      const d = await placed(s, u, { fundId: TOPIX, amount: 543_210 });
      expect(d.navDate).toBe(D2);
      expect((await balances(s, u.id)).cash).toBe(before.cash - 543_210);
      const cancelled = await cancelOrder(s, u, d.id);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(cancelled.body.data).toMatchObject({ id: d.id, status: 'cancelled', reserved: 0 });
      expect(await balances(s, u.id)).toEqual(before);
      const released = (await entriesOf(s, u.id, 'trust_release')).find((e) => e.refId === d.id);
      expect(released?.postings).toMatchObject({ 'user:cash': 543_210, 'user:frozen': -543_210 });
      await expectLedgerBalanced(s);

      // Before 17:00 nothing is struck.
      await jobsAt(s, at(D1, 16, 59));
      expect((await navRows(s, TOPIX)).some((r) => r.date === D1)).toBe(false);
      expect((await orderRow(s, a.id)).status).toBe('pending');
      ids.a = a.id;
      ids.b = b.id;
      ids.c = c.id;
    });

    it('fills at the struck NAV: units maximal within the amount (no fee; 購入時手数料), the rest returned', async () => {
      const cashBefore = (await balances(s, u.id)).cash;
      await jobsAt(s, strikeOf(D1));
      const topix = await navRow(s, TOPIX, D1);
      const prime = await navRow(s, PRIME, D1);

      const a = await orderOf(s, u, ids.a!);
      const ea = expectedBuy(1_000_000, topix.nav, 0);
      expect(a).toMatchObject({ status: 'filled', navDate: D1, nav: topix.nav, units: ea.units, value: ea.value, fee: 0 });
      // units = ⌊amount × 10,000 ÷ NAV⌋ for a no-fee fund.
      expect(ea.units).toBe(Math.floor((1_000_000 * 10_000) / topix.nav));
      expect(ea.paid).toBeLessThanOrEqual(1_000_000);
      expect(ea.nextPaid).toBeGreaterThan(1_000_000);

      const c = await orderOf(s, u, ids.c!);
      const ec = expectedBuy(1_234_567, prime.nav, 11_000);
      expect(c).toMatchObject({ status: 'filled', nav: prime.nav, units: ec.units, value: ec.value, fee: ec.fee });
      expect(ec.paid).toBeLessThanOrEqual(1_234_567);
      expect(ec.nextPaid).toBeGreaterThan(1_234_567);
      expect(ec.fee).toBe(Math.floor((ec.value * 11_000) / 1_000_000));

      // The rest of each reservation is back in cash; only b (for D2) stays frozen.
      expect(await balances(s, u.id)).toMatchObject({ cash: cashBefore + (1_000_000 - ea.paid) + (1_234_567 - ec.paid), frozen: 1_000_000 });
      const purchase = (await entriesOf(s, u.id, 'trust_purchase')).find((e) => e.refId === ids.c);
      expect(purchase?.postings).toMatchObject({ 'user:frozen': -1_234_567, 'house:trust_settlement': ec.value, 'house:fee_income': ec.fee, 'user:cash': 1_234_567 - ec.paid });
      expect(await holdingRow(s, u.id, TOPIX, 'specific')).toEqual({ units: ea.units, principal: ea.value, bookCost: ea.paid });
      expect(await holdingRow(s, u.id, PRIME, 'specific')).toEqual({ units: ec.units, principal: ec.value, bookCost: ec.paid });

      // The strike from its figures: NAV before the orders, then the orders' units and value added.
      for (const fund of [TOPIX, PRIME]) {
        const { prev, row } = await previous(fund, D1);
        if (prev) expectNavFromFigures(prev, row);
      }
      const { prev } = await previous(TOPIX, D1);
      if (prev) expectTopixGross(prev, topix);
      const carried = prev && prev.units > 0 ? prev.units : 0;
      expect(topix.units).toBe(carried + ea.units);
      expect(topix.assets).toBe((carried > 0 ? topix.grossAssets - topix.fee : 0) + ea.value);
      expect(await fundRow(s, TOPIX)).toMatchObject({ assets: topix.assets, units: topix.units, last_nav: topix.nav, last_date: D1 });
      // The fund page shows the same strike.
      const detail = await fundView(s, u, TOPIX);
      expect(detail.fund).toMatchObject({ nav: topix.nav, navDate: D1, assets: topix.assets, units: topix.units, simulated: true });
      expect(detail.history.at(-1)).toMatchObject({ date: D1, nav: topix.nav, tr: topix.tr, distribution: 0 });
      await expectLedgerBalanced(s);
    });

    it('strikes D2 from D1\'s assets and the TOPIX closes; the 15:30 order fills there', async () => {
      s.clock.set(at(D2, 10));
      const act = await placed(s, u, { fundId: ACTIVE, amount: 200_000 });
      const nisaBuy = await placed(s, nisa, { fundId: TOPIX, account: 'nisa_growth', amount: 1_000_000 });
      expect([act.navDate, nisaBuy.navDate]).toEqual([D2, D2]);
      ids.act = act.id;
      ids.nisaBuy = nisaBuy.id;
      // The last second before the cut-off of its NAV date: still cancellable, the reserve back to the yen.
      const cash = (await balances(s, u.id)).cash;
      const e = await placed(s, u, { fundId: TOPIX, amount: 300_000 });
      s.clock.set(at(D2, 15, 29, 59));
      const cancelled = await cancelOrder(s, u, e.id);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(dataOf(cancelled.body).status).toBe('cancelled');
      expect((await balances(s, u.id)).cash).toBe(cash);
      await jobsAt(s, strikeOf(D2));
      const { prev, row } = await previous(TOPIX, D2);
      expect(prev!.date).toBe(D1);
      expectNavFromFigures(prev!, row);
      expectTopixGross(prev!, row);
      const b = await orderOf(s, u, ids.b!);
      const n = await orderOf(s, nisa, ids.nisaBuy!);
      const eb = expectedBuy(1_000_000, row.nav, 0);
      expect(b).toMatchObject({ status: 'filled', navDate: D2, nav: row.nav, units: eb.units, value: eb.value });
      expect(n).toMatchObject({ status: 'filled', nav: row.nav, units: eb.units });
      expect(row.units).toBe(prev!.units + 2 * eb.units);
      expect(row.assets).toBe(row.grossAssets - row.fee + 2 * eb.value);
      expect((await orderOf(s, u, ids.act!)).status).toBe('filled');
      // The holdings view: value at the last NAV (rounded down), 個別元本 per 10,000口, 評価損益 = value − 取得価額.
      const h = await holdingRow(s, u.id, TOPIX, 'specific');
      const value = Number((BigInt(h.units) * BigInt(row.nav)) / 10_000n);
      expect((await holdingsOf(s, u)).find((x) => x.fundId === TOPIX && x.account === 'specific')).toMatchObject({
        units: h.units, nav: row.nav, navDate: D2, value, principalPer10k: Number((BigInt(h.principal) * 10_000n) / BigInt(h.units)), bookCost: h.bookCost, pnl: value - h.bookCost, pendingSellUnits: 0,
      });
      await expectLedgerBalanced(s);
    });

    it('on a Saturday takes the next business day\'s NAV', async () => {
      s.clock.set(at('2026-11-28', 11));
      const sat = await placed(s, u, { fundId: TOPIX, amount: 10_000 });
      expect(sat).toMatchObject({ navDate: '2026-11-30', cancellableUntil: at('2026-11-30', 15, 30) });
      // Sunday: still cancellable (before the cut-off of its NAV date).
      s.clock.set(at('2026-11-29', 20));
      expect((await cancelOrder(s, u, sat.id)).status).toBe(200);
      await expectLedgerBalanced(s);
    });

    it('a 解約 leaves the holding at the strike and is paid on its 受渡日 with the 留保額 kept; 特定 taxed on the year\'s net, NISA not', async () => {
      // The stock sale's proceeds settle T+2 (unsettled → cash): the user's money is the two together.
      const money = async (x: TestUser) => { const b = await balances(s, x.id); return b.cash + b.unsettled; };
      // A stock loss in 特定 this year (bought at the ask, sold at the bid at once).
      s.clock.set(at(D3, 10));
      const stock = await stockPlaced(s, u, { code: '7203', lots: 1, account: 'specific' } as StockOrder);
      const closed = await closePos(s, u, stock.id, { type: 'market' });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      const afterStock = await yearTax(s, u.id, 2026, 'specific');

      // kabuto-active (留保額 0.3 %, 受渡 4 business days): sell all on D3.
      const held = await holdingRow(s, u.id, ACTIVE, 'specific');
      expect(held.units).toBeGreaterThan(0);
      const sell = await placed(s, u, { fundId: ACTIVE, side: 'sell', mode: 'all', account: 'specific' });
      expect(sell).toMatchObject({ navDate: D3, status: 'pending', reserved: 0 });
      expect((await holdingsOf(s, u)).find((h) => h.fundId === ACTIVE)).toMatchObject({ units: held.units, pendingSellUnits: held.units });
      const cash0 = (await money(u));
      await jobsAt(s, strikeOf(D3));
      const activeNav = (await navRow(s, ACTIVE, D3)).nav;
      const es = expectedSell(held.units, activeNav, 3_000);
      expect(es.retention).toBeGreaterThan(0);
      const filled = await orderOf(s, u, sell.id);
      expect(filled).toMatchObject({ status: 'filled', nav: activeNav, units: held.units, value: es.value, retention: es.retention, proceeds: es.proceeds, bookCost: held.bookCost, settleDate: '2026-12-02', paidAt: null });
      expect(await holdingRow(s, u.id, ACTIVE, 'specific')).toMatchObject({ units: 0 });
      expect((await money(u))).toBe(cash0);
      // The 留保額 stays in the fund: assets after = before the orders − (value − 留保額).
      const { prev: aPrev, row: aRow } = await previous(ACTIVE, D3);
      expectNavFromFigures(aPrev!, aRow);
      expect(aRow.units).toBe(aPrev!.units - held.units);
      expect(aRow.assets).toBe(aRow.grossAssets - aRow.fee - es.proceeds);

      // Not paid the business day before; paid on 2026-12-02.
      await jobsAt(s, strikeOf('2026-12-01'));
      expect((await orderOf(s, u, sell.id)).status).toBe('filled');
      expect((await money(u))).toBe(cash0);
      // Meanwhile the TOPIX units bought on D2 are sold on 12-02 (TOPIX up ~2.4 % since): 受渡 12-08.
      s.clock.set(at('2026-12-02', 10));
      const bUnits = (await orderOf(s, u, ids.b!)).units!;
      const tHeld = await holdingRow(s, u.id, TOPIX, 'specific');
      const topixSell = await placed(s, u, { fundId: TOPIX, side: 'sell', mode: 'units', units: bUnits, account: 'specific' });
      const nisaUnits = (await holdingRow(s, nisa.id, TOPIX, 'nisa_growth')).units;
      const nisaSell = await placed(s, nisa, { fundId: TOPIX, side: 'sell', mode: 'all', account: 'nisa_growth' });
      const taxPayableBefore = await s.services.ledger.balance('house', 'JPY', 'tax_payable');
      await jobsAt(s, strikeOf('2026-12-02'));
      const paid = await orderOf(s, u, sell.id);
      const gain1 = es.proceeds - held.bookCost;
      const tax1 = taxOf(afterStock.net + gain1) - afterStock.withheld;
      expect(paid).toMatchObject({ status: 'paid', tax: tax1 });
      expect((await money(u))).toBe(cash0 + es.proceeds - tax1);
      expect(await yearTax(s, u.id, 2026, 'specific')).toEqual({ net: afterStock.net + gain1, withheld: afterStock.withheld + tax1 });
      const redemption = (await entriesOf(s, u.id, 'trust_redemption')).find((e) => e.refId === sell.id);
      expect(redemption?.postings).toMatchObject({ 'house:trust_settlement': -es.proceeds, 'user:cash': es.proceeds - tax1 });
      expect(redemption?.taxAccount).toBe('specific');
      await expectLedgerBalanced(s);

      // TOPIX: units leave at the 12-02 strike; the book cost share = round(book × units ÷ held).
      const tNav = (await navRow(s, TOPIX, '2026-12-02')).nav;
      const t = await orderOf(s, u, topixSell.id);
      const et = expectedSell(bUnits, tNav, 0);
      expect(t).toMatchObject({ status: 'filled', units: bUnits, value: et.value, retention: 0, proceeds: et.proceeds, settleDate: '2026-12-08' });
      const n = await orderOf(s, nisa, nisaSell.id);
      const en = expectedSell(nisaUnits, tNav, 0);
      expect(n).toMatchObject({ status: 'filled', units: nisaUnits, proceeds: en.proceeds, settleDate: '2026-12-08' });
      const book = t.bookCost!;
      // The shares leaving with the units: round(total × units ÷ held), half up.
      const shareOf = (total: number) => Number((BigInt(total) * BigInt(bUnits) * 2n + BigInt(tHeld.units)) / (2n * BigInt(tHeld.units)));
      expect(book).toBe(shareOf(tHeld.bookCost));
      expect(await holdingRow(s, u.id, TOPIX, 'specific')).toEqual({ units: tHeld.units - bUnits, principal: tHeld.principal - shareOf(tHeld.principal), bookCost: tHeld.bookCost - book });
      const year0 = await yearTax(s, u.id, 2026, 'specific');
      const cash1 = (await money(u));
      const nisaCash = (await balances(s, nisa.id)).cash;
      await jobsAt(s, strikeOf('2026-12-07'));
      expect((await orderOf(s, u, topixSell.id)).status).toBe('filled');
      await jobsAt(s, strikeOf('2026-12-08'));
      const gain2 = et.proceeds - book;
      expect(gain2).toBeGreaterThan(0);
      const tax2 = taxOf(year0.net + gain2) - year0.withheld;
      expect(tax2, 'the TOPIX gain outweighs the year\'s losses: tax withheld').toBeGreaterThan(0);
      expect(await orderOf(s, u, topixSell.id)).toMatchObject({ status: 'paid', tax: tax2 });
      expect((await money(u))).toBe(cash1 + et.proceeds - tax2);
      expect(await yearTax(s, u.id, 2026, 'specific')).toEqual({ net: year0.net + gain2, withheld: year0.withheld + tax2 });
      // NISA: the whole proceeds, no tax.
      expect(await orderOf(s, nisa, nisaSell.id)).toMatchObject({ status: 'paid', tax: 0 });
      expect((await balances(s, nisa.id)).cash).toBe(nisaCash + en.proceeds);
      expect(await s.services.ledger.balance('house', 'JPY', 'tax_payable')).toBe(taxPayableBefore + tax1 + tax2);
      // The year netted: the stock loss and the active fund's loss against the TOPIX gain.
      expect(afterStock.net).toBeLessThanOrEqual(0);
      expect(gain1).toBeLessThan(0);
      await expectLedgerBalanced(s);
    });

    it('refuses a sale of more units than held and a buy below ¥100, changing nothing', async () => {
      s.clock.set(at('2026-12-09', 10));
      const before = await balances(s, u.id);
      const small = await placeOrder(s, u, { fundId: TOPIX, amount: 99 });
      expect([small.status, small.body]).toMatchObject([422, { status: 0, msg: 'trust_min_amount', params: { min: 100 } }]);
      const held = (await holdingRow(s, u.id, TOPIX, 'specific')).units;
      const tooMany = await placeOrder(s, u, { fundId: TOPIX, side: 'sell', mode: 'units', units: held + 1 });
      expect([tooMany.status, tooMany.body]).toMatchObject([422, { status: 0, msg: 'trust_units_exceed', params: { available: held } }]);
      // つみたて投資枠 takes a fund only through a 積立 plan.
      const oneOff = await placeOrder(s, nisa, { fundId: TOPIX, account: 'nisa_tsumitate', amount: 10_000 });
      expect([oneOff.status, oneOff.body]).toMatchObject([422, { status: 0, msg: 'nisa_tsumitate_plan_only' }]);
      expect(await balances(s, u.id)).toEqual(before);
      await expectLedgerBalanced(s);
    });

    it('buys by units (口数指定): reserves the last NAV plus 10 %, pays the struck value, returns the rest', async () => {
      s.clock.set(at('2026-12-09', 10));
      const lastNav = (await fundRow(s, TOPIX)).last_nav;
      const reserve = Number((123_457n * BigInt(lastNav) * 1_100_000n + 10_000n * 1_000_000n - 1n) / (10_000n * 1_000_000n));
      const cash0 = (await balances(s, u.id)).cash;
      const o = await placed(s, u, { fundId: TOPIX, mode: 'units', units: 123_457 });
      expect(o).toMatchObject({ navDate: '2026-12-09', reserved: reserve, unitsAsked: 123_457 });
      expect((await balances(s, u.id)).cash).toBe(cash0 - reserve);
      await jobsAt(s, strikeOf('2026-12-09'));
      const nav = (await navRow(s, TOPIX, '2026-12-09')).nav;
      const value = Number((123_457n * BigInt(nav) + 9_999n) / 10_000n);
      expect(value).toBeLessThanOrEqual(reserve);
      expect(await orderOf(s, u, o.id)).toMatchObject({ status: 'filled', nav, units: 123_457, value, fee: 0 });
      expect((await balances(s, u.id)).cash).toBe(cash0 - value);
      await expectLedgerBalanced(s);
    });
    it('on the year-end closure and on a holiday takes the next business day\'s NAV', async () => {
      s.clock.set(at('2026-12-31', 10));
      await signIn(s, u);
      const yearEnd = await placed(s, u, { fundId: TOPIX, amount: 10_000 });
      expect(yearEnd).toMatchObject({ navDate: '2027-01-04', cancellableUntil: at('2027-01-04', 15, 30) });
      // 2027-01-11 成人の日 (a Monday).
      s.clock.set(at('2027-01-11', 10));
      const holiday = await placed(s, u, { fundId: TOPIX, amount: 10_000 });
      expect(holiday).toMatchObject({ navDate: '2027-01-12', status: 'pending' });
      // The year-end order was struck on 2027-01-04 by the catch-up; the holiday one on the 12th.
      await jobsAt(s, strikeOf('2027-01-12'));
      const y = await orderOf(s, u, yearEnd.id);
      expect(y).toMatchObject({ status: 'filled', nav: (await navRow(s, TOPIX, '2027-01-04')).nav });
      expect(await orderOf(s, u, holiday.id)).toMatchObject({ status: 'filled', nav: (await navRow(s, TOPIX, '2027-01-12')).nav });
      // Holidays and weekends accrue: the strike after the closure counts its calendar days.
      expect((await navRow(s, TOPIX, '2027-01-04')).days).toBe(calendarDays('2026-12-30', '2027-01-04'));
      expect((await navRow(s, TOPIX, '2027-01-12')).days).toBe(4);
      await expectLedgerBalanced(s);
    });
  });
}
