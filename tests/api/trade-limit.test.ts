import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { roundToTick } from '../../src/shared/market';
import { at, balances, cancel, closePos, expectLedgerBalanced, findInstant, placed, position, quote, runAt, trader, tradingInstants } from './trade-support';

/** Limit orders: reserved, cancelled, filled in time order when the price reaches them, expired at the close. */
for (const dialect of testDialects()) {
  describe(`trade limit orders (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('a pending limit order reserves its cost; cancelling returns it; a second cancel is refused', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const limit = roundToTick(quote(s, '7203', TEST_NOW).price - 500, 'topix500', 'down');
      const p = await placed(s, u, { type: 'limit', price: limit });
      expect(p).toMatchObject({ status: 'pending', priceType: 'limit', limitPrice: limit, reserved: limit * 10, actions: { cancel: true, close: false } });
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000 - limit * 10, frozen: limit * 10, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });
      const key = uuidv7();
      const res = await cancel(s, u, p.id, key);
      expect(res.body.data).toMatchObject({ status: 'cancelled', reserved: 0 });
      expect((await cancel(s, u, p.id, key)).body).toEqual(res.body); // same key: same answer
      const again = await cancel(s, u, p.id);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ msg: 'order_state_invalid', params: { status: 'cancelled' } });
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });
      // Another user's order does not exist for this one.
      const other = await trader(s, 0);
      expect((await cancel(s, other, p.id)).body.msg).toBe('order_not_found');
      await expectLedgerBalanced(s);
    });

    it('a marketable limit order fills at once at the better book price', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const q = quote(s, '7203', TEST_NOW);
      const p = await placed(s, u, { type: 'limit', price: roundToTick(q.ask! + 200, 'topix500', 'up') });
      expect(p).toMatchObject({ status: 'holding', buyPrice: q.ask });
    });

    it('limit orders fill when the price reaches them, earliest order first', async () => {
      const u = await trader(s, 3_000_000);
      const start = at('2026-11-24', 10, 0);
      s.clock.set(start);
      const q0 = quote(s, '7203', start);
      // A price the ask will come down to later today (the simulated market is deterministic).
      const target = findInstant(s, '7203', start, (q) => q.ask !== null && q.ask < q0.bid!, 1);
      const limit = quote(s, '7203', target).ask!;
      const first = await placed(s, u, { type: 'limit', price: limit });
      s.clock.set(start + 1_000);
      const second = await placed(s, u, { type: 'limit', price: limit });
      expect([first.status, second.status]).toEqual(['pending', 'pending']);
      // Before the price gets there nothing fills.
      expect((await runAt(s, start + 1_000)).filled).toBe(0);
      await runAt(s, target);
      const a = await position(s, u, first.id);
      const b = await position(s, u, second.id);
      expect(a).toMatchObject({ status: 'holding' });
      expect(b).toMatchObject({ status: 'holding' });
      expect(a.buyPrice).toBeLessThanOrEqual(limit);
      // Time order: the earlier order's fill was journaled first.
      const opens = await s.services.database.db.selectFrom('journal_entry').select(['id', 'ref_id'])
        .where('kind', '=', 'trade_open').where('ref_id', 'in', [first.id, second.id]).orderBy('id').execute();
      expect(opens.map((e) => e.ref_id)).toEqual([first.id, second.id]);
      expect((await balances(s, u.id)).frozen).toBe(0);
      await expectLedgerBalanced(s);
    });

    it('an unfilled limit order expires at the close and its reservation returns', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2026-11-24', 14, 0));
      const p = await placed(s, u, { type: 'limit', price: quote(s, '7203', s.clock.now()).limits!.lower });
      await runAt(s, at('2026-11-24', 15, 29));
      expect((await position(s, u, p.id)).status).toBe('pending');
      const r = await runAt(s, at('2026-11-24', 15, 30));
      expect(r.expired).toBeGreaterThanOrEqual(1);
      const done = await position(s, u, p.id);
      expect(done).toMatchObject({ status: 'cancelled', reserved: 0 });
      expect(done.alerts).toEqual([{ kind: 'expired', params: {}, at: at('2026-11-24', 15, 30) }]);
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000, frozen: 0, margin: 0, unsettled: 0, loan: 0, shortfall: 0 });
    });

    it('limit orders still waiting at 15:30 take part in the closing auction when its price satisfies them', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2026-11-24', 15, 27));
      const q = quote(s, '7203', s.clock.now());
      const generous = await placed(s, u, { type: 'limit', price: q.limits!.upper });
      const stingy = await placed(s, u, { type: 'limit', price: q.limits!.lower });
      expect([generous.status, stingy.status]).toEqual(['pending', 'pending']);
      const r = await runAt(s, at('2026-11-24', 15, 30));
      expect(r).toMatchObject({ filled: 1, expired: 1 });
      const auction = quote(s, '7203', at('2026-11-24', 15, 30)).price;
      expect(await position(s, u, generous.id)).toMatchObject({ status: 'holding', buyPrice: auction, buyTime: at('2026-11-24', 15, 30) });
      expect((await position(s, u, stingy.id)).status).toBe('cancelled');
      expect(await balances(s, u.id)).toEqual({ cash: 1_000_000 - auction * 10, frozen: 0, margin: auction * 10, unsettled: 0, loan: 0, shortfall: 0 });
    });

    it('a limit close waits as "ready to close", can be withdrawn, and fills when reached', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u);
      // The instant of the morning's lowest bid on day 2: the price rises after it.
      let day2 = at('2026-11-25', 9, 0);
      for (const t of tradingInstants(day2, 1)) if (t < at('2026-11-25', 11, 0) && quote(s, '7203', t).bid! < quote(s, '7203', day2).bid!) day2 = t;
      s.clock.set(day2);
      const bid = quote(s, '7203', day2).bid!;
      const high = roundToTick(bid + 1_000, 'topix500', 'up');
      const res = await closePos(s, u, p.id, { type: 'limit', price: high });
      expect(res.body.data).toMatchObject({ status: 'closing', closeType: 'limit', closeLimitPrice: high });
      const withdrawn = await cancel(s, u, p.id);
      expect(withdrawn.body.data).toMatchObject({ status: 'holding', closeType: null });
      // Again at a price the bid reaches later.
      const target = findInstant(s, '7203', day2, (q) => q.bid !== null && q.bid > bid, 1); // same day: closes are day orders too
      const limit = quote(s, '7203', target).bid!;
      expect((await closePos(s, u, p.id, { type: 'limit', price: limit })).body.data.status).toBe('closing');
      await runAt(s, target);
      const closed = await position(s, u, p.id);
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'user' });
      expect(closed.sellPrice).toBeGreaterThanOrEqual(limit);
      await expectLedgerBalanced(s);
    });
  });
}
