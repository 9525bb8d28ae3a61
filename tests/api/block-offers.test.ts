import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { roundToTick } from '../../src/shared/market';
import { at, balances, closePos, expectLedgerBalanced, order, position, quote, runAt, setConfig, trader } from './trade-support';

const HOUR = 3600_000;

/** Block trades (issue 5 §4): admin offers with audit, purchases within rules, locked positions. */
for (const dialect of testDialects()) {
  describe(`block trades (${dialect})`, () => {
    let s: TestServer;
    let price: number;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      price = roundToTick(Math.round(quote(s, '7203', TEST_NOW).price * 0.95), 'topix500', 'down');
    });
    afterAll(async () => {
      await s?.close();
    });

    async function createOffer(o: Record<string, unknown> = {}) {
      const body = { code: '7203', price, minShares: 500, sharesAvailable: 2_000, lockDays: 3, from: TEST_NOW - HOUR, to: TEST_NOW + 48 * HOUR, reason: 'placement from a fund', ...o };
      return s.call('post', 'admin/block/offers', { token: s.admin.token, body });
    }
    const buy = (u: TestUser, id: string, shares: number, key = uuidv7()) =>
      s.call('post', `block/offers/${id}/buy`, { token: u.token, body: { shares }, headers: { 'Idempotency-Key': key } });

    it('admins create offers with an audit row; the rules on minimum, tick, window and instrument hold', async () => {
      s.clock.set(TEST_NOW);
      const res = await createOffer();
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ code: '7203', price, minShares: 500, sharesAvailable: 2_000, sharesTotal: 2_000, lockDays: 3, open: true });
      expect(res.body.data.discountBp).toBeGreaterThan(0);
      const audit = await s.call('get', 'admin/audit', { token: s.admin.token });
      expect(audit.body.data.items[0]).toMatchObject({ action: 'block.offer.create', target: res.body.data.id, reason: 'placement from a fund', adminId: s.admin.id });

      await setConfig(s, 'blockMinShares', 300);
      expect((await createOffer({ minShares: 200 })).body.params).toMatchObject({ field: 'minShares', min: 300 });
      await setConfig(s, 'blockMinShares', 100);
      expect((await createOffer({ price: price + 1 })).body.params).toMatchObject({ field: 'price' });
      expect((await createOffer({ to: TEST_NOW - 2 * HOUR })).body.params).toMatchObject({ field: 'to' });
      expect((await createOffer({ code: 'BTCJPY' })).body.msg).toBe('product_not_found');
      const u = await trader(s, 0);
      const forbidden = await s.call('post', 'admin/block/offers', { token: u.token, body: {} });
      expect(forbidden.status).toBe(403);
    });

    it('lists open and upcoming offers to users, not ended ones', async () => {
      s.clock.set(TEST_NOW);
      const open = (await createOffer()).body.data;
      const later = (await createOffer({ from: TEST_NOW + 24 * HOUR, to: TEST_NOW + 72 * HOUR })).body.data;
      const ended = (await createOffer({ from: TEST_NOW - 48 * HOUR, to: TEST_NOW - HOUR })).body.data;
      const u = await trader(s, 0);
      const list = (await s.call('get', 'block/offers', { token: u.token })).body.data.items as { id: string; open: boolean }[];
      expect(list.find((o) => o.id === open.id)?.open).toBe(true);
      expect(list.find((o) => o.id === later.id)?.open).toBe(false);
      expect(list.find((o) => o.id === ended.id)).toBeUndefined();
    });

    it('a purchase becomes a position locked for lockDays trading days, then sellable', async () => {
      s.clock.set(TEST_NOW);
      const offer = (await createOffer()).body.data;
      const u = await trader(s, 5_000_000);
      const key = uuidv7();
      const res = await buy(u, offer.id, 500, key);
      expect(res.status).toBe(200);
      const p = res.body.data;
      expect(p).toMatchObject({
        businessType: 'block', status: 'in_progress', buyPrice: price, quantity: 500, lots: null, leverage: 1,
        lockedUntil: '2026-11-27', sellableFrom: '2026-11-27', principal: price * 50, actions: { close: false },
      });
      expect((await buy(u, offer.id, 500, key)).body).toEqual(res.body); // idempotent replay
      expect(await balances(s, u.id)).toEqual({ cash: 5_000_000 - price * 50, frozen: 0, margin: price * 50, unsettled: 0, loan: 0, shortfall: 0 });
      const offers = (await s.call('get', 'block/offers', { token: u.token })).body.data.items as { id: string; sharesAvailable: number }[];
      expect(offers.find((o) => o.id === offer.id)?.sharesAvailable).toBe(1_500);

      s.clock.set(at('2026-11-26', 10));
      const early = await closePos(s, u, p.id);
      expect(early.status).toBe(422);
      expect(early.body).toMatchObject({ msg: 'sell_not_allowed_yet', params: { date: '2026-11-27', reason: 'block_lock' } });
      expect((await runAt(s, at('2026-11-27', 0, 0, 1))).unlocked).toBe(1);
      expect((await position(s, u, p.id)).status).toBe('holding');
      s.clock.set(at('2026-11-27', 10));
      expect((await closePos(s, u, p.id)).body.data).toMatchObject({ status: 'closed', quantity: 500 });

      // Without a job run in between, the close itself ends the lock.
      s.clock.set(TEST_NOW);
      const q = (await buy(u, offer.id, 600)).body.data;
      s.clock.set(at('2026-11-27', 10));
      expect((await closePos(s, u, q.id)).body.data.status).toBe('closed');
      const orders = (await s.call('get', 'block/orders', { token: u.token })).body.data.items as { id: string }[];
      expect(orders.map((o) => o.id)).toEqual([q.id, p.id]);
      await expectLedgerBalanced(s);
    });

    it('refuses below the minimum, beyond availability, outside the window, without funds or when frozen', async () => {
      s.clock.set(TEST_NOW);
      const offer = (await createOffer({ sharesAvailable: 1_000 })).body.data;
      const u = await trader(s, 5_000_000);
      expect((await buy(u, offer.id, 400)).body.params).toMatchObject({ field: 'shares', min: 500 });
      const over = await buy(u, offer.id, 1_100);
      expect(over.status).toBe(422);
      expect(over.body).toMatchObject({ msg: 'fundraising_insufficient', params: { available: 1_000 } });
      const poor = await trader(s, 10_000);
      expect((await buy(poor, offer.id, 500)).body.msg).toBe('balance_insufficient');
      for (const t of [TEST_NOW - 2 * HOUR, TEST_NOW + 48 * HOUR]) {
        s.clock.set(t);
        const res = await buy(u, offer.id, 500);
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ msg: 'block_trade_closed', params: { from: offer.from, to: offer.to } });
      }
      s.clock.set(TEST_NOW);
      await s.call('post', `admin/users/${u.id}/state`, { token: s.admin.token, body: { state: 'frozen', reason: 'test restriction' } });
      expect((await buy(u, offer.id, 500)).body.msg).toBe('account_frozen');
      expect((await buy(poor, 'no-such-offer', 500)).body.msg).toBe('product_not_found');
      // Nothing was sold by any refused attempt.
      const list = (await s.call('get', 'block/offers', { token: poor.token })).body.data.items as { id: string; sharesAvailable: number }[];
      expect(list.find((o) => o.id === offer.id)?.sharesAvailable).toBe(1_000);
    });

    it('simultaneous buyers never oversell an offer', async () => {
      s.clock.set(TEST_NOW);
      const offer = (await createOffer({ sharesAvailable: 2_000 })).body.data;
      const buyers = await Promise.all(Array.from({ length: 8 }, () => trader(s, 5_000_000)));
      const results = await Promise.all(buyers.map((u) => buy(u, offer.id, 500)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(4);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body.msg).toBe('fundraising_insufficient');
      const row = await s.services.database.db.selectFrom('block_offer').select('shares_available').where('id', '=', offer.id).executeTakeFirstOrThrow();
      expect(row.shares_available).toBe(0);
    });

    it('an admin can end an offer early (audited); ordinary trades are not block orders', async () => {
      s.clock.set(TEST_NOW);
      const offer = (await createOffer()).body.data;
      const closed = await s.call('post', `admin/block/offers/${offer.id}/close`, { token: s.admin.token, body: { reason: 'placement withdrawn' } });
      expect(closed.body.data).toMatchObject({ to: TEST_NOW, open: false });
      const u = await trader(s, 5_000_000);
      expect((await buy(u, offer.id, 500)).body.msg).toBe('block_trade_closed');
      expect((await order(s, u)).status).toBe(200);
      expect((await s.call('get', 'block/orders', { token: u.token })).body.data.items).toEqual([]);
      const all = await s.call('get', 'admin/block/offers?limit=100', { token: s.admin.token });
      expect(all.body.data.items.some((o: { id: string }) => o.id === offer.id)).toBe(true);
    });
  });
}
