import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import '../../src/server/modules/tax-account/tables';
import '../../src/server/modules/trusts/tables';
import '../../src/server/modules/plans/tables';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { trustDetail, trustFundView, trustHoldingView, trustOrderView, trustPreview, trustsApi, type TrustOrderBody } from '../../src/shared/api/trusts';
import { buyByAmount, navDateFor, redemption, sellValue, TRUST_MIN_AMOUNT, unitsReservation, principalPer10k } from '../../src/shared/domain/trust';
import { NISA_LIMITS } from '../../src/shared/domain/account-type';
import { jstMs, nextTradingDay } from '../../src/shared/market';
import { DEFAULT_TRUSTS, newFundRow } from '../../src/server/modules/trusts/defaults';
import { balances, dataOf, expectLedgerBalanced, trader } from './trade-support';

/*
 * Issue 39: fund orders at the next NAV (ブラインド方式, docs/domain.md "Investment trusts and 積立"):
 * the catalogue's filters and figures, the ticket's estimate, a buy reserving its cash (cash →
 * frozen) for the NAV date of its instant (before 15:30 Tokyo: that day; after: the next business
 * day), a cancel until the cut-off returning it, and every refusal leaving balances and rows as
 * they were. On the test clock (TEST_NOW: 10:00 Tokyo on Tuesday 2026-11-24, a business day). The
 * fills at the strike are the strike's tests.
 */
const TOPIX = 'kabuto-topix';
const BOND = 'kabuto-monthly-bond';
const TODAY = '2026-11-24';
const LAST = '2026-11-20';

for (const dialect of testDialects()) {
  describe(`trust orders (${dialect})`, () => {
    let s: TestServer;
    const db = () => s.services.database.db;

    beforeAll(async () => {
      s = await startTestServer({ dialect });
      s.clock.set(TEST_NOW);
      for (const d of DEFAULT_TRUSTS) {
        await db().insertInto('trust_fund').values(newFundRow(d, TEST_NOW)).onConflict((oc) => oc.column('id').doNothing()).execute();
      }
      // A NAV history for TOPIX on the window starts (the strike's own tests strike real ones).
      const navs: [string, number, number][] = [
        ['2023-11-17', 9_000, 9_100], ['2025-11-20', 10_000, 10_400], ['2026-05-20', 11_000, 11_500], ['2026-10-20', 11_800, 12_300], ['2026-11-19', 11_900, 12_450], [LAST, 12_000, 12_560],
      ];
      await db().deleteFrom('trust_nav').where('fund_id', '=', TOPIX).execute();
      for (const [date, nav, tr] of navs) {
        await db().insertInto('trust_nav').values({ fund_id: TOPIX, date, nav, tr, gross_assets: 0, fee: 0, days: 1, distribution: 0, assets: 0, units: 0, struck_at: TEST_NOW }).execute();
      }
      await db().updateTable('trust_fund').set({ last_nav: 12_000, last_tr: 12_560, last_date: LAST, assets: 50_000_000, units: 41_666_666 }).where('id', '=', TOPIX).execute();
      await db().updateTable('trust_fund').set({ last_nav: 9_500, last_date: LAST, assets: 90_000_000, units: 94_736_842 }).where('id', '=', BOND).execute();
    });
    afterAll(async () => {
      await s?.close();
    });

    const nisaUser = async (amount = 10_000_000) => {
      const u = await trader(s, amount, { agreed: false });
      await db()
        .insertInto('nisa_application')
        .values({ id: uuidv7(), user_id: u.id, year: 2026, declared_at: s.clock.now(), created_at: s.clock.now(), review_status: 'approved', review_reason: 'test', reviewed_by: null, reviewed_at: s.clock.now() })
        .execute();
      return u;
    };
    const place = (u: TestUser, body: Partial<TrustOrderBody>, key: string = uuidv7()) =>
      s.api(trustsApi.place, { token: u.token, body: { fundId: TOPIX, side: 'buy', account: 'specific', mode: 'amount', ...body } as TrustOrderBody, idempotencyKey: key });
    const cancel = (u: TestUser, id: string, key: string = uuidv7()) => s.api(trustsApi.cancel, { token: u.token, params: { id }, idempotencyKey: key });
    const ordersOf = (u: TestUser) => db().selectFrom('trust_order').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
    const entriesOf = (u: TestUser) => db().selectFrom('journal_entry').select(['kind', 'tax_account', 'ref_id']).where('user_id', '=', u.id).where('kind', 'like', 'trust_%').orderBy('id').execute();
    const snapshot = async (u: TestUser) => ({ balances: await balances(s, u.id), orders: await ordersOf(u), entries: await entriesOf(u) });
    /** A refusal with `msg` (and `params`) that changed nothing of the user's. */
    const refusedUnchanged = async (u: TestUser, call: () => Promise<{ status: number; body: unknown }>, status: number, msg: string, params?: object) => {
      const before = await snapshot(u);
      const res = await call();
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body).toMatchObject({ status: 0, msg, ...(params ? { params } : {}) });
      expect(await snapshot(u)).toEqual(before);
    };
    const holding = (u: TestUser, fundId: string, account: string, units: number, principal: number, bookCost: number) =>
      db().insertInto('trust_holding').values({ user_id: u.id, fund_id: fundId, account_type: account, units, principal, book_cost: bookCost, updated_at: s.clock.now() }).execute();

    it('lists the catalogue with its figures, filters and rankings', async () => {
      const u = await trader(s, 0, { agreed: false });
      await db()
        .insertInto('invest_plan')
        .values({ id: uuidv7(), user_id: u.id, kind: 'fund', target: BOND, amount: 10_000, lots: null, account_type: 'specific', frequency: 'monthly', days: '[1]', status: 'active', start_date: TODAY, next_run: '2026-12-01', created_at: TEST_NOW, updated_at: TEST_NOW })
        .execute();
      const list = async (query: Record<string, unknown> = {}) => {
        const res = await s.api(trustsApi.list, { token: u.token, query: query as never });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const items = dataOf(res.body).items;
        for (const i of items) trustFundView.parse(i);
        return items;
      };
      const all = await list();
      expect(all.length).toBe(DEFAULT_TRUSTS.length);
      expect(all.map((f) => f.id).slice(0, 2)).toEqual([BOND, TOPIX]); // by 純資産総額
      const topix = all.find((f) => f.id === TOPIX)!;
      expect(topix).toMatchObject({ nav: 12_000, navDate: LAST, change: 100, assets: 50_000_000, simulated: true, eligibility: { nisa_growth: null, nisa_tsumitate: null } });
      const ppm = (a: number, b: number) => Math.round(((b - a) * 1_000_000) / a);
      // Windows from the last strike: 1 M back is 2026-10-20, 6 M 2026-05-20, 1 Y 2025-11-20, 3 Y 2023-11-20 (the strike of 11-17 before it).
      expect(topix.returns).toEqual({ m1: ppm(12_300, 12_560), m6: ppm(11_500, 12_560), y1: ppm(10_400, 12_560), y3: ppm(9_100, 12_560), inception: ppm(10_000, 12_560) });
      // Not struck yet: no NAV date and no returns.
      expect(all.find((f) => f.id === 'kabuto-n225')).toMatchObject({ navDate: null, change: 0, returns: { m1: null, m6: null, y1: null, y3: null, inception: null } });
      expect(all.find((f) => f.id === BOND)).toMatchObject({ planCount: 1, eligibility: { nisa_growth: 'monthly_distribution', nisa_tsumitate: 'not_designated' } });
      expect((await list({ sort: 'plans' }))[0]!.id).toBe(BOND);
      expect((await list({ sort: 'return' }))[0]!.id).toBe(TOPIX);
      expect((await list({ nisa: 'nisa_tsumitate' })).map((f) => f.id).sort()).toEqual(['kabuto-balance', 'kabuto-n225', TOPIX]);
      expect((await list({ nisa: 'nisa_growth' })).map((f) => f.id)).not.toContain(BOND);
      expect((await list({ q: 'topix' })).map((f) => f.id)).toEqual([TOPIX]);
      expect((await list({ q: 'KB000002' })).map((f) => f.id)).toEqual(['kabuto-n225']);
      expect((await list({ q: '毎月分配' })).map((f) => f.id)).toEqual([BOND]);
      expect((await list({ category: 'balanced' })).map((f) => f.id)).toEqual(['kabuto-balance']);
      expect((await list({ maxFeePpm: 1_430 })).map((f) => f.id).sort()).toEqual(['kabuto-n225', TOPIX]);
      expect((await list({ risk: 2 })).map((f) => f.id)).toEqual([BOND]);
    });

    it('shows a fund with every NAV since inception', async () => {
      const u = await trader(s, 0, { agreed: false });
      const res = await s.api(trustsApi.detail, { token: u.token, params: { id: TOPIX } });
      expect(res.status).toBe(200);
      const d = trustDetail.parse(dataOf(res.body));
      expect(d.history.map((h) => h.date)).toEqual(['2023-11-17', '2025-11-20', '2026-05-20', '2026-10-20', '2026-11-19', LAST]);
      expect(d.history.at(-1)).toEqual({ date: LAST, nav: 12_000, tr: 12_560, distribution: 0 });
      const missing = await s.api(trustsApi.detail, { token: u.token, params: { id: 'nope' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ msg: 'trust_not_found' });
    });

    it('estimates a buy and a 解約 at the last NAV', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      const res = await s.api(trustsApi.preview, { token: u.token, query: { fundId: TOPIX, side: 'buy', account: 'specific', mode: 'amount', amount: 100_000 } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const p = trustPreview.parse(dataOf(res.body));
      expect(p).toMatchObject({ navDate: TODAY, cancellableUntil: jstMs(TODAY, 15, 30), lastNav: 12_000, cash: 1_000_000, refusal: null, sell: null });
      expect(p.buy).toEqual({ ...buyByAmount(100_000, 12_000, 0), reserved: 100_000 });
      const units = await s.api(trustsApi.preview, { token: u.token, query: { fundId: TOPIX, side: 'buy', account: 'specific', mode: 'units', units: 10_000 } });
      expect(dataOf(units.body).buy).toEqual({ units: 10_000, value: 12_000, fee: 0, paid: 12_000, reserved: unitsReservation(10_000, 12_000, 0) });
      const tooMuch = await s.api(trustsApi.preview, { token: u.token, query: { fundId: TOPIX, side: 'buy', account: 'specific', mode: 'amount', amount: 2_000_000 } });
      expect(dataOf(tooMuch.body).refusal).toMatchObject({ id: 'balance_insufficient', params: { available: 1_000_000, required: 2_000_000 } });
      await holding(u, BOND, 'specific', 30_000, 30_000, 31_000);
      const sell = await s.api(trustsApi.preview, { token: u.token, query: { fundId: BOND, side: 'sell', account: 'specific', mode: 'all' } });
      const sp = dataOf(sell.body);
      expect(sp.refusal).toBeNull();
      expect(sp.sell).toEqual({ units: 30_000, ...redemption(30_000, 9_500, 1_000), settleDate: '2026-12-01', held: 30_000 });
      const tsumitate = await s.api(trustsApi.preview, { token: u.token, query: { fundId: TOPIX, side: 'buy', account: 'nisa_tsumitate', mode: 'amount', amount: 1_000 } });
      expect(dataOf(tsumitate.body).refusal).toMatchObject({ id: 'account_type_unavailable' });
    });

    it('reserves a buy for the NAV date of its instant and returns it on cancel until the cut-off', async () => {
      s.clock.set(jstMs(TODAY, 15, 29));
      const u = await trader(s, 1_000_000, { agreed: false });
      const key = uuidv7();
      const res = await place(u, { amount: 100_000 }, key);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const o = trustOrderView.parse(dataOf(res.body));
      expect(o).toMatchObject({ side: 'buy', account: 'specific', mode: 'amount', amount: 100_000, reserved: 100_000, navDate: TODAY, status: 'pending', source: 'order', cancellableUntil: jstMs(TODAY, 15, 30) });
      expect(await balances(s, u.id)).toMatchObject({ cash: 900_000, frozen: 100_000 });
      expect(await entriesOf(u)).toEqual([{ kind: 'trust_reserve', tax_account: 'specific', ref_id: o.id }]);
      // The same key again: the same order, nothing more reserved.
      const again = await place(u, { amount: 100_000 }, key);
      expect(dataOf(again.body).id).toBe(o.id);
      expect(await balances(s, u.id)).toMatchObject({ cash: 900_000, frozen: 100_000 });
      // At 15:30 the order takes the next business day's NAV; the first one may no longer be cancelled.
      s.clock.set(jstMs(TODAY, 15, 30));
      expect(navDateFor(s.clock.now())).toBe(nextTradingDay(TODAY));
      const late = await place(u, { amount: 50_000 });
      expect(dataOf(late.body)).toMatchObject({ navDate: nextTradingDay(TODAY), cancellableUntil: jstMs(nextTradingDay(TODAY), 15, 30) });
      await refusedUnchanged(u, () => cancel(u, o.id), 422, 'trust_not_cancellable', { until: jstMs(TODAY, 15, 30) });
      const cancelled = await cancel(u, dataOf(late.body).id);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect(dataOf(cancelled.body)).toMatchObject({ status: 'cancelled', reserved: 0, cancellableUntil: null });
      expect(await balances(s, u.id)).toMatchObject({ cash: 900_000, frozen: 100_000 });
      expect((await entriesOf(u)).map((e) => e.kind)).toEqual(['trust_reserve', 'trust_reserve', 'trust_release']);
      // Cancelled once: a second cancel is refused and changes nothing.
      await refusedUnchanged(u, () => cancel(u, dataOf(late.body).id), 422, 'trust_not_cancellable');
      const other = await trader(s, 0, { agreed: false });
      await refusedUnchanged(other, () => cancel(other, o.id), 404, 'trust_order_not_found');
      // Before a weekend: a Friday-evening order takes Monday's NAV (2026-11-30).
      s.clock.set(jstMs('2026-11-27', 18, 0));
      expect(dataOf((await place(u, { mode: 'units', units: 10_000 })).body)).toMatchObject({ navDate: '2026-11-30', reserved: unitsReservation(10_000, 12_000, 0), unitsAsked: 10_000 });
      await expectLedgerBalanced(s);
    });

    it('refuses what an order may not be, changing nothing', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      const n = await nisaUser(3_000_000);
      await refusedUnchanged(u, () => place(u, { fundId: 'nope' }), 404, 'trust_not_found');
      await refusedUnchanged(u, () => place(u, { amount: TRUST_MIN_AMOUNT - 1 }), 422, 'trust_min_amount', { min: TRUST_MIN_AMOUNT });
      await refusedUnchanged(u, () => place(u, { mode: 'units', units: 10 }), 422, 'trust_min_amount', { min: TRUST_MIN_AMOUNT });
      await refusedUnchanged(u, () => place(u, { mode: 'units' }), 400, 'invalid_request', { field: 'units' });
      await refusedUnchanged(u, () => place(u, { mode: 'all' }), 400, 'invalid_request', { field: 'mode' });
      await refusedUnchanged(u, () => place(u, { amount: 1_000_001 }), 422, 'balance_insufficient');
      await refusedUnchanged(u, () => place(u, { account: 'nisa_growth', amount: 1_000 }), 422, 'account_type_unavailable', { account: 'nisa_growth' });
      await refusedUnchanged(n, () => place(n, { fundId: BOND, account: 'nisa_growth', amount: 1_000 }), 422, 'nisa_not_eligible', { account: 'nisa_growth', reason: 'monthly_distribution' });
      await refusedUnchanged(n, () => place(n, { fundId: 'kabuto-active', account: 'nisa_tsumitate', amount: 1_000 }), 422, 'nisa_not_eligible', { reason: 'not_designated' });
      await refusedUnchanged(n, () => place(n, { account: 'nisa_tsumitate', amount: 1_000 }), 422, 'nisa_tsumitate_plan_only');
      await refusedUnchanged(n, () => place(n, { account: 'nisa_growth', amount: NISA_LIMITS.yearly.nisa_growth + 1 }), 422, 'nisa_limit_exceeded', {
        account: 'nisa_growth', yearRemaining: NISA_LIMITS.yearly.nisa_growth, lifetimeRemaining: NISA_LIMITS.growthLifetime,
      });
      // A pending NISA buy holds its room: the next one sees what is left.
      expect((await place(n, { account: 'nisa_growth', amount: 2_000_000 })).status).toBe(200);
      await refusedUnchanged(n, () => place(n, { account: 'nisa_growth', amount: 400_001 }), 422, 'nisa_limit_exceeded', { yearRemaining: 400_000 });
      // 解約: units held and not already in a pending 解約.
      await refusedUnchanged(u, () => place(u, { side: 'sell', mode: 'units', units: 1 }), 422, 'trust_units_exceed', { available: 0 });
      await refusedUnchanged(u, () => place(u, { side: 'sell', mode: 'all' }), 422, 'trust_units_exceed', { available: 0 });
      await holding(u, TOPIX, 'specific', 5_000, 5_000, 5_000);
      const sell = await place(u, { side: 'sell', mode: 'units', units: 3_000 });
      expect(dataOf(sell.body)).toMatchObject({ side: 'sell', reserved: 0, unitsAsked: 3_000, status: 'pending' });
      await refusedUnchanged(u, () => place(u, { side: 'sell', mode: 'units', units: 2_001 }), 422, 'trust_units_exceed', { available: 2_000 });
      await refusedUnchanged(u, () => place(u, { side: 'sell', mode: 'units', units: 1, account: 'general' }), 422, 'trust_units_exceed', { available: 0 });
      const all = dataOf((await place(u, { side: 'sell', mode: 'all' })).body);
      expect(all).toMatchObject({ unitsAsked: 2_000 });
      await refusedUnchanged(u, () => place(u, { side: 'sell', mode: 'all' }), 422, 'trust_units_exceed', { available: 0 });
      // A 解約 cancelled frees its units (no money moved either way).
      const entries = await entriesOf(u);
      expect(dataOf((await cancel(u, all.id)).body)).toMatchObject({ status: 'cancelled' });
      expect(await entriesOf(u)).toEqual(entries);
      expect(dataOf((await place(u, { side: 'sell', mode: 'units', units: 2_000 })).body)).toMatchObject({ unitsAsked: 2_000 });
      // A suspended fund takes no order.
      await db().updateTable('trust_fund').set({ status: 'suspended', status_reason: 'test' }).where('id', '=', 'kabuto-n225').execute();
      await refusedUnchanged(u, () => place(u, { fundId: 'kabuto-n225', amount: 1_000 }), 422, 'trust_suspended', { code: 'KB000002' });
      await db().updateTable('trust_fund').set({ status: 'open', status_reason: null }).where('id', '=', 'kabuto-n225').execute();
      // A no_trade account may still redeem (返済のみ), not buy.
      const state = await s.call('post', `admin/users/${u.id}/state`, { token: s.admin.token, body: { state: 'no_trade', reason: 'test restriction' } });
      expect(state.status, JSON.stringify(state.body)).toBe(200);
      await refusedUnchanged(u, () => place(u, { amount: 1_000 }), 403, 'account_no_trade');
      await holding(u, BOND, 'specific', 1_000, 1_000, 1_000);
      expect((await place(u, { fundId: BOND, side: 'sell', mode: 'all' })).status).toBe(200);
      await expectLedgerBalanced(s);
    });

    it('places a 積立 run inside the caller transaction (つみたて投資枠 through a plan only)', async () => {
      s.clock.set(TEST_NOW);
      const n = await nisaUser(2_000_000);
      const planId = uuidv7();
      const o = await s.services.ledger.transact((trx) =>
        s.services.trusts.placeInTransaction(trx, n.id, { fundId: TOPIX, side: 'buy', account: 'nisa_tsumitate', mode: 'amount', amount: 30_000 }, { source: 'plan', planId }, s.clock.now()),
      );
      expect(o).toMatchObject({ source: 'plan', planId, account: 'nisa_tsumitate', reserved: 30_000, navDate: TODAY });
      expect(await balances(s, n.id)).toMatchObject({ cash: 1_970_000, frozen: 30_000 });
      // A refusal rolls the caller's transaction back.
      await expect(
        s.services.ledger.transact((trx) =>
          s.services.trusts.placeInTransaction(trx, n.id, { fundId: TOPIX, side: 'buy', account: 'nisa_tsumitate', mode: 'amount', amount: 1_170_001 }, { source: 'plan', planId }, s.clock.now()),
        ),
      ).rejects.toMatchObject({ messageId: 'nisa_limit_exceeded', params: { yearRemaining: 1_170_000 } });
      expect(await balances(s, n.id)).toMatchObject({ cash: 1_970_000, frozen: 30_000 });
    });

    it('lists orders newest first by pages, and open ones', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        s.clock.set(TEST_NOW + i * 1_000);
        ids.push(dataOf((await place(u, { amount: 1_000 + i })).body).id);
      }
      await cancel(u, ids[1]!);
      const page = async (query: Record<string, unknown>) => dataOf((await s.api(trustsApi.orders, { token: u.token, query: query as never })).body);
      const first = await page({ limit: 2 });
      expect(first.items.map((o) => o.id)).toEqual([ids[2], ids[1]]);
      first.items.forEach((o) => trustOrderView.parse(o));
      const second = await page({ limit: 2, cursor: first.next });
      expect(second.items.map((o) => o.id)).toEqual([ids[0]]);
      expect(second.next).toBeNull();
      expect((await page({ open: '1' })).items.map((o) => o.id)).toEqual([ids[2], ids[0]]);
      expect((await s.api(trustsApi.orders, { token: u.token, query: { cursor: 'x' } as never })).status).toBe(400);
    });

    it('values holdings at the last NAV with 個別元本, 評価損益 and units in pending 解約', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 0, { agreed: false });
      await holding(u, TOPIX, 'specific', 123_457, 100_000, 101_000);
      await holding(u, TOPIX, 'general', 0, 0, 0);
      expect((await place(u, { side: 'sell', mode: 'units', units: 457 })).status).toBe(200);
      const res = await s.api(trustsApi.holdings, { token: u.token });
      const items = dataOf(res.body).items;
      items.forEach((h) => trustHoldingView.parse(h));
      const value = sellValue(123_457, 12_000);
      expect(items).toEqual([
        { fundId: TOPIX, code: 'KB000001', names: expect.any(Object), account: 'specific', units: 123_457, nav: 12_000, navDate: LAST, value, principalPer10k: principalPer10k(100_000, 123_457), bookCost: 101_000, pnl: value - 101_000, pendingSellUnits: 457 },
      ]);
      // funds/summary: the units' value is what total assets add to the ledger equity.
      const summary = dataOf((await s.call('get', 'funds/summary', { token: u.token })).body) as { totalAssets: number; marketValue: number; unrealizedPnl: number };
      expect(summary).toMatchObject({ totalAssets: value, marketValue: value, unrealizedPnl: value - 101_000 });
    });
  });
}
