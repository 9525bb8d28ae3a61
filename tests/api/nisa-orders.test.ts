import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import type {} from '../../src/server/modules/tax-account/tables';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { tradeApi } from '../../src/shared/api/trade';
import { tradeHoldings } from '../../src/shared/api/trade-holdings';
import { contractValue } from '../../src/shared/domain/trade-money';
import { NISA_LIMITS } from '../../src/shared/domain/account-type';
import { limitPriceRefusal } from '../../src/shared/market';
import { cancel, dataOf, expectLedgerBalanced, order, placed, quote, trader } from './trade-support';

/*
 * Issue 38: orders and sales by account type (預り区分, docs/domain.md "Account types and NISA").
 * A NISA buy needs an approved application; the default account is NISA 成長投資枠 when it is open,
 * the stock eligible and the cost fits, else 特定 (一般 without one); margin is never NISA; the room
 * is checked under the user's lock (concurrent buys never use more than it); a waiting order holds
 * its reservation of the room until it is cancelled; sales are FIFO within one account and the
 * 取得価額 pools of NISA and 特定 are apart. All on the test clock (TEST_NOW: 10:00 Tokyo, a trading day).
 */
const CODE = '7203';
const YEAR_ROOM = NISA_LIMITS.yearly.nisa_growth;
const ceilDiv = (a: number, b: number) => Number((BigInt(a) + BigInt(b) - 1n) / BigInt(b));

for (const dialect of testDialects()) {
  describe(`NISA orders and sales (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const db = () => s.services.database.db;
    /** An application decided directly on the table (the tax-account area's own API is tested there). */
    const application = (u: TestUser, status: 'pending' | 'approved' | 'rejected') =>
      db()
        .insertInto('nisa_application')
        .values({ id: uuidv7(), user_id: u.id, year: 2026, declared_at: s.clock.now(), created_at: s.clock.now(), review_status: status, review_reason: 'test', reviewed_by: null, reviewed_at: status === 'pending' ? null : s.clock.now() })
        .execute();
    const nisaUser = async (amount = 30_000_000) => {
      const u = await trader(s, amount);
      await application(u, 'approved');
      return u;
    };
    const row = (id: string) => db().selectFrom('trade_position').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const rowsOf = (u: TestUser) => db().selectFrom('trade_position').selectAll().where('user_id', '=', u.id).orderBy('id').execute();
    const preview = async (u: TestUser, query: Record<string, unknown>) => s.api(tradeApi.preview, { token: u.token, query: { code: CODE, ...query } as never });
    const sell = (u: TestUser, body: object) => s.call('post', 'trade/sell', { token: u.token, body: { code: CODE, type: 'market', ...body }, headers: { 'Idempotency-Key': uuidv7() } });
    const sellable = async (u: TestUser, account?: string) => dataOf((await s.api(tradeApi.sellable, { token: u.token, query: { code: CODE, ...(account ? { account } : {}) } as never })).body);
    const roomNow = async (u: TestUser) => dataOf((await preview(u, { account: 'nisa_growth', type: 'limit', price: validPrices().low, lots: 1 })).body).nisa!;
    const refused = (res: { status: number; body: unknown }, msg: string, params?: object) => {
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toMatchObject({ status: 0, msg, ...(params ? { params } : {}) });
    };

    /** Limit buy prices of CODE now that wait (below the bid), on the tick grid, lowest first. */
    function validPrices() {
      const inst = s.services.market.instrument(CODE)!;
      const q = quote(s, CODE, s.clock.now());
      const limits = q.limits!;
      const out: number[] = [];
      for (let p = limits.lower; p < q.bid! && out.length < 5_000; p++) {
        if (limitPriceRefusal(p, { table: inst.tickTable!, limits, priceScale: inst.priceScale }) === null) out.push(p);
      }
      return { prices: out, low: out[0]!, scale: inst.priceScale };
    }

    /**
     * Prices p, q (waiting limit buys) and lots a with a lots at p + k single lots at q costing
     * exactly `room` (fees are zero by default), q + one tick also valid.
     */
    function exactFill(room: number, k: number) {
      const { prices, scale } = validPrices();
      const cv = (p: number, lots: number) => contractValue(p, lots * 100, scale);
      for (let i = 0; i + 1 < prices.length; i++) {
        const q = prices[i]!;
        const rest = room - k * cv(q, 1);
        for (let a = 1; a <= 40 && rest > 0; a++) {
          const p = prices.find((x) => cv(x, a) === rest);
          if (p !== undefined) return { p, a, q, qUp: prices[i + 1]!, cv };
        }
      }
      throw new Error('no exact combination');
    }

    it('a NISA buy needs an approved application; a pending one or none is refused (account_type_unavailable), writing nothing', async () => {
      s.clock.set(TEST_NOW);
      const none = await trader(s, 5_000_000);
      refused(await order(s, none, { account: 'nisa_growth' } as never), 'account_type_unavailable', { account: 'nisa_growth' });
      const pending = await trader(s, 5_000_000);
      await application(pending, 'pending');
      refused(await order(s, pending, { account: 'nisa_growth' } as never), 'account_type_unavailable', { account: 'nisa_growth' });
      expect(await rowsOf(none)).toEqual([]);
      expect(await rowsOf(pending)).toEqual([]);
      // Without NISA the default stays 特定, as before issue 38.
      expect((await placed(s, none, {})).account).toBe('specific');
      const u = await nisaUser();
      expect((await placed(s, u, { account: 'nisa_growth' } as never)).account).toBe('nisa_growth');
      await expectLedgerBalanced(s);
    });

    it('default account: NISA 成長投資枠 for an eligible cash buy; 特定 for margin; 一般 for a user without 特定; a 監理銘柄 never NISA', async () => {
      s.clock.set(TEST_NOW + 60_000);
      const u = await nisaUser();
      const cashBuy = await placed(s, u, {});
      expect(cashBuy.account).toBe('nisa_growth');
      const r = await row(cashBuy.id);
      expect(r.account_type).toBe('nisa_growth');
      // The room went down by exactly what the fill cost.
      expect((await roomNow(u)).yearRemaining).toBe(YEAR_ROOM - (r.contract_value! + r.open_fee));
      expect((await placed(s, u, { leverage: 2 })).account).toBe('specific');
      expect((await placed(s, u, { leverage: 1.5, dayTrade: true })).account).toBe('specific');
      expect((await placed(s, u, { account: 'general' } as never)).account).toBe('general');
      // 4586 is the simulated market's 監理銘柄: the default is 特定, NISA refused.
      expect(s.services.market.instrument('4586')!.designation).toBe('kanri');
      expect((await placed(s, u, { code: '4586' })).account).toBe('specific');
      refused(await order(s, u, { code: '4586', account: 'nisa_growth' } as never), 'nisa_not_eligible', { code: '4586', account: 'nisa_growth', reason: 'designated' });
      refused(await order(s, u, { account: 'nisa_tsumitate' } as never), 'nisa_not_eligible', { account: 'nisa_tsumitate', reason: 'tsumitate_funds_only' });
      const general = await trader(s, 5_000_000);
      await db().insertInto('tax_account').values({ user_id: general.id, specific: 0, withholding: 0, created_at: s.clock.now(), updated_at: s.clock.now() }).execute();
      expect((await placed(s, general, {})).account).toBe('general');
      expect((await placed(s, general, { leverage: 2 })).account).toBe('general');
      refused(await order(s, general, { account: 'specific' } as never), 'account_type_unavailable', { account: 'specific' });
      // The preview resolves the account the same way and shows the room.
      const pv = dataOf((await preview(u, { lots: 1 })).body);
      expect(pv.account).toBe('nisa_growth');
      expect(pv.nisa).toMatchObject({ account: 'nisa_growth', yearRemaining: YEAR_ROOM - (r.contract_value! + r.open_fee) });
      expect(dataOf((await preview(general, { lots: 1 })).body)).toMatchObject({ account: 'general', nisa: null });
      await expectLedgerBalanced(s);
    });

    it('margin, short and day trades in NISA are refused (nisa_margin_not_allowed), writing nothing', async () => {
      s.clock.set(TEST_NOW + 120_000);
      const u = await nisaUser();
      for (const o of [{ leverage: 2 }, { direction: 'down' as const, leverage: 2 }, { dayTrade: true }]) {
        refused(await order(s, u, { ...o, account: 'nisa_growth' } as never), 'nisa_margin_not_allowed', { account: 'nisa_growth' });
      }
      refused(await preview(u, { leverage: 2, account: 'nisa_growth' }), 'nisa_margin_not_allowed');
      expect(await rowsOf(u)).toEqual([]);
    });

    it('buys to exactly the year room; beyond it refused with the remaining room; a waiting order holds room until cancelled; amending up re-checks', async () => {
      s.clock.set(TEST_NOW + 180_000);
      const u = await nisaUser();
      const { p, a, q, qUp, cv } = exactFill(YEAR_ROOM, 1);
      const big = await placed(s, u, { type: 'limit', price: p, lots: a, account: 'nisa_growth' } as never);
      expect(big).toMatchObject({ status: 'pending', account: 'nisa_growth', reserved: cv(p, a) });
      const left = YEAR_ROOM - cv(p, a);
      expect(await roomNow(u)).toMatchObject({ yearRemaining: left, room: left });
      // One tick above the room: refused with what is left, nothing written.
      refused(await order(s, u, { type: 'limit', price: qUp, lots: 1, account: 'nisa_growth' } as never), 'nisa_limit_exceeded', {
        account: 'nisa_growth', yearRemaining: left, lifetimeRemaining: NISA_LIMITS.growthLifetime - cv(p, a),
      });
      expect((await rowsOf(u)).length).toBe(1);
      // Exactly the room: taken; nothing is left.
      const last = await placed(s, u, { type: 'limit', price: q, lots: 1, account: 'nisa_growth' } as never);
      expect(last.reserved).toBe(left);
      expect(await roomNow(u)).toMatchObject({ yearRemaining: 0, room: 0 });
      refused(await order(s, u, { type: 'limit', price: validPrices().low, lots: 1, account: 'nisa_growth' } as never), 'nisa_limit_exceeded', {
        account: 'nisa_growth', yearRemaining: 0, lifetimeRemaining: NISA_LIMITS.growthLifetime - YEAR_ROOM,
      });
      // The default no longer fits NISA: 特定.
      expect((await placed(s, u, { type: 'limit', price: validPrices().low, lots: 1 })).account).toBe('specific');
      // Amending the last order up would need more room than there is; down is fine.
      const amend = (id: string, price: number) => s.api(tradeApi.amendOrder, { token: u.token, params: { id }, body: { price }, idempotencyKey: uuidv7() });
      // (The room it may use is what it already holds: the order's own reservation is not counted against it.)
      refused(await amend(last.id, qUp), 'nisa_limit_exceeded', { account: 'nisa_growth', yearRemaining: left });
      const down = validPrices().prices[0]!;
      expect((await amend(last.id, down)).status).toBe(200);
      expect(await roomNow(u)).toMatchObject({ yearRemaining: left - cv(down, 1) });
      // Cancelling a waiting order gives its room back.
      expect((await cancel(s, u, big.id)).status).toBe(200);
      expect(await roomNow(u)).toMatchObject({ yearRemaining: YEAR_ROOM - cv(down, 1) });
      await expectLedgerBalanced(s);
    });

    it('20 concurrent NISA buys against the room of 3: exactly 3 are taken, the room used exactly, never more', async () => {
      s.clock.set(TEST_NOW + 240_000);
      const u = await nisaUser(40_000_000);
      const { p, a, q, cv } = exactFill(YEAR_ROOM, 3);
      await placed(s, u, { type: 'limit', price: p, lots: a, account: 'nisa_growth' } as never);
      const results = await Promise.all(Array.from({ length: 20 }, () => order(s, u, { type: 'limit', price: q, lots: 1, account: 'nisa_growth' } as never)));
      const ok = results.filter((r) => r.status === 200);
      const no = results.filter((r) => r.status !== 200);
      expect(ok.length).toBe(3);
      for (const r of no) expect(r.body).toMatchObject({ status: 0, msg: 'nisa_limit_exceeded', params: { account: 'nisa_growth', yearRemaining: 0 } });
      const reserved = (await rowsOf(u)).filter((r) => r.account_type === 'nisa_growth').reduce((x, r) => x + r.reserved, 0);
      expect(reserved).toBe(YEAR_ROOM);
      expect(reserved).toBe(cv(p, a) + 3 * cv(q, 1));
      expect(await roomNow(u)).toMatchObject({ yearRemaining: 0 });
      await expectLedgerBalanced(s);
    });

    it('sells within one account, FIFO, each account its own 取得価額 pool; several accounts need the account named', async () => {
      s.clock.set(TEST_NOW + 300_000);
      const u = await nisaUser();
      const n1 = await row((await placed(s, u, { account: 'nisa_growth' } as never)).id);
      s.clock.set(TEST_NOW + 360_000);
      const t1 = await row((await placed(s, u, { account: 'specific' } as never)).id);
      s.clock.set(TEST_NOW + 420_000);
      const n2 = await row((await placed(s, u, { account: 'nisa_growth', lots: 2 } as never)).id);
      // 保有証券: one row per account.
      const stocks = dataOf((await s.api(tradeHoldings, { token: u.token })).body).stocks.filter((x) => x.code === CODE);
      const nisaBook = n1.contract_value! + n1.open_fee + n2.contract_value! + n2.open_fee;
      expect(stocks.map((x) => [x.account, x.shares, x.cost]).sort()).toEqual(
        [['nisa_growth', 300, nisaBook], ['specific', 100, t1.contract_value! + t1.open_fee]].sort(),
      );
      // Held in two accounts: a sale must name one.
      const both = await sellable(u);
      expect(both.accounts).toEqual([
        { account: 'specific', held: 100, sellable: 100 },
        { account: 'nisa_growth', held: 300, sellable: 300 },
      ]);
      const nisaView = await sellable(u, 'nisa_growth');
      expect(nisaView).toMatchObject({ account: 'nisa_growth', held: 300, sellable: 300, bookCost: nisaBook });
      expect(nisaView.positions.map((x) => x.id)).toEqual([n1.id, n2.id]);
      const unnamed = await sell(u, { shares: 100 });
      expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(400);
      expect(unnamed.body).toMatchObject({ status: 0, msg: 'invalid_request', params: { field: 'account' } });
      // 100 from NISA: the oldest NISA purchase (n1), at the NISA pool's average; 特定 untouched.
      s.clock.set(TEST_NOW + 480_000);
      const soldNisa = await sell(u, { shares: 100, account: 'nisa_growth' });
      expect(soldNisa.status, JSON.stringify(soldNisa.body)).toBe(200);
      expect(soldNisa.body.data.positions.map((x: { id: string }) => x.id)).toEqual([n1.id]);
      const n1After = await row(n1.id);
      expect(n1After).toMatchObject({ status: 'closed', account_type: 'nisa_growth', book_cost: ceilDiv(nisaBook, 3) });
      expect((await row(n2.id)).book_cost).toBe(nisaBook - ceilDiv(nisaBook, 3));
      expect((await row(t1.id)).book_cost).toBeNull();
      // More than the 特定 account holds is refused, although the user holds more of the stock.
      refused(await sell(u, { shares: 200, account: 'specific' }), 'sell_exceeds_holding', { shares: 200, held: 100, sellable: 100 });
      // 特定: its own cost, whatever NISA paid.
      const soldTaxable = await sell(u, { shares: 100, account: 'specific' });
      expect(soldTaxable.status, JSON.stringify(soldTaxable.body)).toBe(200);
      expect(await row(t1.id)).toMatchObject({ status: 'closed', account_type: 'specific', book_cost: t1.contract_value! + t1.open_fee });
      // Now held in NISA only: the account may be omitted.
      const only = await sellable(u);
      expect(only).toMatchObject({ account: 'nisa_growth', held: 200, accounts: [{ account: 'nisa_growth', held: 200, sellable: 200 }] });
      const rest = await sell(u, { shares: 200 });
      expect(rest.status, JSON.stringify(rest.body)).toBe(200);
      expect(await row(n2.id)).toMatchObject({ status: 'closed', account_type: 'nisa_growth', book_cost: nisaBook - ceilDiv(nisaBook, 3) });
      await expectLedgerBalanced(s);
    });
  });
}
