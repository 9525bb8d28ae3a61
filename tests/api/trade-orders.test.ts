import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { stepTick } from '../../src/shared/market';
import { testDialects } from '../support/db';
import { dailyInterest } from '../../src/shared/domain/trade-money';
import { registerUser, startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { at, balances, expectLedgerBalanced, order, placed, quote, trader } from './trade-support';

/** Placing orders: fills at the simulated book, money on the ledger, and every refusal (issue 5 §1). */
for (const dialect of testDialects()) {
  describe(`trade orders (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('a market buy fills at the ask: principal moves cash → margin', async () => {
      const u = await trader(s, 1_000_000);
      const q = quote(s, '7203', TEST_NOW);
      const p = await placed(s, u, { lots: 2 });
      expect(p).toMatchObject({
        status: 'holding', code: '7203', name: 'トヨタ自動車', direction: 'up', priceType: 'market', businessType: 'stock',
        lots: 2, quantity: 200, leverage: 1, buyTime: TEST_NOW, buyPrice: q.ask, openFee: 0, reserved: 0, dayTrade: false,
        // Same-day selling (sellAfterDays defaults to 0, issue 9 item 3).
        sellableFrom: '2026-11-24', actions: { cancel: false, close: true },
      });
      const value = (q.ask! * 200) / 10;
      expect(p.contractValue).toBe(value);
      expect(p.principal).toBe(value);
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000 - value, frozen: 0, margin: value, unsettled: 0, loan: 0, shortfall: 0 });
      await expectLedgerBalanced(s);
    });

    it('a margin short fills at the bid with principal = value ÷ leverage, rounded up', async () => {
      const u = await trader(s, 1_000_000);
      const q = quote(s, '7203', TEST_NOW);
      const p = await placed(s, u, { direction: 'down', leverage: 3.3 });
      const value = (q.bid! * 100) / 10;
      expect(p).toMatchObject({ direction: 'down', buyPrice: q.bid, leverage: 3.3, contractValue: value });
      expect(p.principal).toBe(Math.ceil((value * 10) / 33));
      expect((await balances(s, u.id)).margin).toBe(p.principal);
    });

    it('one idempotency key places one order; a different body under it is a 409; no key is a 400', async () => {
      const u = await trader(s, 1_000_000);
      const key = uuidv7();
      const a = await order(s, u, { lots: 1 }, key);
      const b = await order(s, u, { lots: 1 }, key);
      expect(a.status).toBe(200);
      expect(b.body).toEqual(a.body);
      const rows = await s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute();
      expect(rows).toHaveLength(1);
      expect((await order(s, u, { lots: 2 }, key)).body).toMatchObject({ status: 0, msg: 'idempotency_key_reused' });
      const none = await s.call('post', 'trade/orders', { token: u.token, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 } });
      expect(none.status).toBe(400);
      expect(none.body.msg).toBe('idempotency_key_required');
    });

    it('refuses malformed lots, leverage and price fields with the field named', async () => {
      const u = await trader(s, 1_000_000);
      const cases: [object, string][] = [
        [{ lots: 0 }, 'lots'],
        [{ lots: 1_000_001 }, 'lots'],
        [{ lots: 1.5 }, 'lots'],
        [{ leverage: 0.5 }, 'leverage'],
        [{ leverage: 1.25 }, 'leverage'],
        [{ type: 'limit' }, 'price'],
        [{ type: 'market', price: 25_000 }, 'price'],
        [{ direction: 'sideways' }, 'direction'],
      ];
      for (const [o, field] of cases) {
        const res = await order(s, u, o as never);
        expect(res.status, JSON.stringify(o)).toBe(400);
        expect(res.body.params.field).toBe(field);
      }
      // Above the configured maximum (3.3×) is refused with the maximum in params.
      const high = await order(s, u, { leverage: 3.4 });
      expect(high.status).toBe(400);
      expect(high.body.params).toMatchObject({ field: 'leverage', max: 3.3 });
      expect(await s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    });

    it('a limit price must be on a tick and inside the daily limits', async () => {
      const u = await trader(s, 10_000_000);
      const q = quote(s, '7203', TEST_NOW);
      const off = await order(s, u, { type: 'limit', price: 25_003 }); // 2,500.3 yen: the tick is 0.5 yen
      expect(off.status).toBe(400);
      expect(off.body.params).toMatchObject({ field: 'price', tick: 5 });
      const above = await order(s, u, { type: 'limit', price: stepTick(q.limits!.upper, 'topix500', 1) });
      expect(above.status).toBe(422);
      expect(above.body).toMatchObject({ msg: 'price_beyond_limit', params: q.limits! });
      const below = await order(s, u, { type: 'limit', price: stepTick(q.limits!.lower, 'topix500', -1) });
      expect(below.body.msg).toBe('price_beyond_limit');
      // Exactly at the limit is inside.
      expect((await order(s, u, { type: 'limit', price: q.limits!.lower })).status).toBe(200);
    });

    it('refuses unknown instruments and non-TSE boards with product_not_found', async () => {
      const u = await trader(s, 1_000_000);
      for (const code of ['0000', 'BTCJPY', 'N225']) {
        const res = await order(s, u, { code });
        expect(res.status).toBe(404);
        expect(res.body.msg).toBe('product_not_found');
      }
    });

    it('refuses when no price is available (beyond the simulated horizon)', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2031-01-07', 10)); // a Tuesday after the simulator's last day
      try {
        // Sessions expire after 30 idle days: sign in again at the new time.
        const login = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
        u.token = login.body.data.token;
        const res = await order(s, u);
        expect(res.status).toBe(422);
        expect(res.body.msg).toBe('price_unavailable');
      } finally {
        s.clock.set(TEST_NOW);
      }
    });

    it('refuses frozen and no-trade accounts', async () => {
      for (const [state, msg] of [['frozen', 'account_frozen'], ['no_trade', 'account_no_trade']] as const) {
        const u = await trader(s, 1_000_000);
        const set = await s.call('post', `admin/users/${u.id}/state`, { token: s.admin.token, body: { state, reason: 'test restriction' } });
        expect(set.status).toBe(200);
        const res = await order(s, u);
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe(msg);
      }
    });

    it('refuses an order the cash cannot pay for and writes nothing', async () => {
      const u = await trader(s, 10_000);
      const entriesBefore = await s.services.ledger.entries(u.id);
      const res = await order(s, u);
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('balance_insufficient');
      expect(res.body.params).toMatchObject({ available: 10_000 });
      expect(await balances(s, u.id)).toEqual({ cash: 10_000, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });
      expect((await s.services.ledger.entries(u.id)).items).toEqual(entriesBefore.items);
      // A user with no money at all is refused the same way.
      const poor = await registerUser(s);
      expect((await order(s, poor)).body.msg).toBe('balance_insufficient');
    });

    it('needs a session', async () => {
      const res = await s.call('post', 'trade/orders', { body: {}, headers: { 'Idempotency-Key': uuidv7() } });
      expect(res.status).toBe(401);
    });

    it('previews the cost with the same arithmetic', async () => {
      const u = await trader(s, 1_000_000);
      const q = quote(s, '7203', TEST_NOW);
      const res = await s.call('get', 'trade/preview?code=7203&lots=3&leverage=3.3', { token: u.token });
      expect(res.status).toBe(200);
      const value = (q.ask! * 300) / 10;
      expect(res.body.data).toMatchObject({
        price: q.ask, contractValue: value, principal: Math.ceil((value * 10) / 33), fee: 0, buyingPower: 1_000_000,
        acceptsOrders: true, session: 'morning', maxLeverage: 3.3,
      });
      expect(res.body.data.maxLots).toBe(Math.floor(1_000_000 / Math.ceil((q.ask! * 100 * 10) / 10 / 33)));
      // A margin order says what it costs a day and the levels it lives by (issue 13 item 4).
      expect(res.body.data.risk).toEqual({
        yearlyRateBp: 280, interestPerDay: dailyInterest(value, 280), maintenanceRatioBp: 2_000, forcedCloseRatioBp: 1_000, lossCanExceedDeposit: true,
      });
      const cash = await s.call('get', 'trade/preview?code=7203&lots=1&leverage=1', { token: u.token });
      expect(cash.body.data.risk).toBeNull();
      const short = await s.call('get', 'trade/preview?code=7203&lots=1&leverage=2&direction=down', { token: u.token });
      expect(short.body.data.risk).toMatchObject({ yearlyRateBp: 110 });
    });

    it('counts unsettled proceeds in the buying power the preview shows', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 1_000_000);
      const p = (await s.call('post', 'trade/orders', { token: u.token, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 }, headers: { 'Idempotency-Key': uuidv7() } })).body.data;
      const c = (await s.call('post', `trade/positions/${p.id}/close`, { token: u.token, body: {}, headers: { 'Idempotency-Key': uuidv7() } })).body.data;
      const res = await s.call('get', 'trade/preview?code=7203&lots=1&leverage=1', { token: u.token });
      expect(res.body.data.buyingPower).toBe(1_000_000 + c.pnl - c.tax);
    });
  });
}
