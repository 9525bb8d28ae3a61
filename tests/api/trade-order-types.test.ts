import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { addTradingDays, jstDate, roundToTick, sessionBounds, type TickTable } from '../../src/shared/market';
import { orderCost } from '../../src/shared/domain/trade-money';
import { at, balances, closePos, expectLedgerBalanced, order, placed, position, quote, runAt, trader, tradingInstants } from './trade-support';

/**
 * Issue 13 item 3 (part): stop orders (逆指値) for opening and for closing, stop-limits, validity
 * (当日 / 今週 / a date up to 15 business days) and amending (訂正) a waiting order, on the
 * simulated market with the clock set (docs/domain.md "Trading").
 */
for (const dialect of testDialects()) {
  describe(`trade order types (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const table = (code: string) => s.services.market.instrument(code)!.tickTable as TickTable;
    /** The first continuous-trading minute after `from` (within 2 trading days) where the price meets `pred`. */
    const firstWhere = (code: string, from: number, pred: (price: number) => boolean) => {
      for (const t of tradingInstants(from, 2)) if (pred(quote(s, code, t).price)) return t;
      throw new Error('no such instant in the simulated market');
    };
    const amend = (u: TestUser, id: string, body: object) =>
      s.call('post', `trade/orders/${id}/amend`, { token: u.token, body, headers: { 'Idempotency-Key': uuidv7() } });

    it('a stop buy waits until the price rises to its trigger, then fills at market; a trigger already reached is refused', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const now = quote(s, '7203', TEST_NOW).price;
      const refused = await order(s, u, { trigger: roundToTick(now - 50, table('7203'), 'down') });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ msg: 'trigger_already_reached', params: { price: now } });
      expect(await balances(s, u.id)).toMatchObject({ cash: 3_000_000, frozen: 0 });

      const trigger = roundToTick(now + 30, table('7203'), 'up');
      const p = await placed(s, u, { trigger });
      expect(p).toMatchObject({ status: 'pending', trigger, triggeredAt: null, expiresAt: sessionBounds(jstDate(TEST_NOW)).close });
      const reach = firstWhere('7203', TEST_NOW, (x) => x >= trigger);
      await runAt(s, TEST_NOW + 1_000);
      expect((await position(s, u, p.id)).status).toBe('pending');
      await runAt(s, reach + 60_000);
      const filled = await position(s, u, p.id);
      expect(filled.status).toBe('holding');
      expect(filled.buyPrice).toBeGreaterThanOrEqual(trigger);
      expect(filled.buyTime).toBeLessThanOrEqual(reach + 60_000);
      expect(await balances(s, u.id)).toMatchObject({ frozen: 0, margin: filled.principal });
      await expectLedgerBalanced(s);
    });

    it('a stop-loss close (sell when the price falls to the trigger) closes the holding at market', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u);
      const now = quote(s, '7203', TEST_NOW).price;
      // The lowest price of the next two days, so the stop is sure to be reached.
      let low = now;
      for (const t of tradingInstants(TEST_NOW, 2)) low = Math.min(low, quote(s, '7203', t).price);
      expect(low).toBeLessThan(now - 20);
      const trigger = roundToTick(low + 10, table('7203'), 'up');
      const res = await closePos(s, u, p.id, { type: 'market', trigger, validity: 'week' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'closing', closeTrigger: trigger, closeTriggeredAt: null });
      const reach = firstWhere('7203', TEST_NOW, (x) => x <= trigger);
      await runAt(s, reach + 60_000);
      const closed = await position(s, u, p.id);
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'user' });
      expect(closed.sellPrice).toBeLessThanOrEqual(trigger);
      await expectLedgerBalanced(s);
    });

    it('a stop-limit whose limit is not met after the trigger waits as a limit order', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const q = quote(s, '7203', TEST_NOW);
      const trigger = roundToTick(q.price + 30, table('7203'), 'up');
      const p = await placed(s, u, { type: 'limit', price: q.limits!.lower, trigger });
      const reach = firstWhere('7203', TEST_NOW, (x) => x >= trigger);
      const r = await runAt(s, reach + 60_000);
      expect(r.triggered).toBe(1);
      const waiting = await position(s, u, p.id);
      expect(waiting.status).toBe('pending');
      expect(waiting.triggeredAt).not.toBeNull();
      expect(waiting.triggeredAt).toBeLessThanOrEqual(reach + 60_000);
      // A trigger once reached cannot be amended any more; the limit can.
      expect((await amend(u, p.id, { trigger: trigger + 10 })).status).toBe(400);
    });

    it('validity: a week order lives to the week’s last trading day; dates are bounded to 15 business days', async () => {
      s.clock.set(TEST_NOW); // Tuesday 2026-11-24
      const u = await trader(s, 3_000_000);
      const lower = quote(s, '7203', TEST_NOW).limits!.lower;
      const p = await placed(s, u, { type: 'limit', price: lower, validity: 'week' });
      expect(p.expiresAt).toBe(sessionBounds('2026-11-27').close);
      await runAt(s, at('2026-11-24', 15, 31));
      expect((await position(s, u, p.id)).status).toBe('pending'); // a day order would have lapsed here
      await runAt(s, at('2026-11-27', 15, 31));
      expect((await position(s, u, p.id)).status).toBe('cancelled');
      expect(await balances(s, u.id)).toMatchObject({ cash: 3_000_000, frozen: 0 });

      s.clock.set(TEST_NOW);
      const today = jstDate(TEST_NOW);
      const dated = await placed(s, u, { type: 'limit', price: lower, validity: addTradingDays(today, 15) });
      expect(dated.expiresAt).toBe(sessionBounds(addTradingDays(today, 15)).close);
      for (const validity of [addTradingDays(today, 16), '2026-11-28' /* a Saturday */, '2026-11-20' /* past */]) {
        const res = await order(s, u, { type: 'limit', price: lower, validity });
        expect(res.status, validity).toBe(400);
        expect(res.body.params).toMatchObject({ field: 'validity' });
      }
      expect((await order(s, u, { type: 'limit', price: lower, validity: 'week', dayTrade: true })).status).toBe(400);
      await expectLedgerBalanced(s);
    });

    it('OCO close: a take-profit limit with a stop-loss leg; the stop reached first closes at market', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const p = await placed(s, u);
      const q = quote(s, '7203', TEST_NOW);
      let low = q.price;
      for (const t of tradingInstants(TEST_NOW, 2)) low = Math.min(low, quote(s, '7203', t).price);
      const stop = roundToTick(low + 10, table('7203'), 'up');
      const bad = await closePos(s, u, p.id, { type: 'limit', price: q.limits!.upper, stop: q.price + 100 });
      expect(bad.status).toBe(422); // a long's stop-loss above the price would close at once
      const res = await closePos(s, u, p.id, { type: 'limit', price: q.limits!.upper, stop, validity: 'week' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'closing', closeType: 'limit', closeLimitPrice: q.limits!.upper, closeStop: stop });
      const reach = firstWhere('7203', TEST_NOW, (x) => x <= stop);
      await runAt(s, reach + 60_000);
      const closed = await position(s, u, p.id);
      expect(closed).toMatchObject({ status: 'closed', closeReason: 'user' });
      expect(closed.sellPrice).toBeLessThanOrEqual(stop);
      await expectLedgerBalanced(s);
    });

    it('IFD / IFDOCO: once the entry fills, the close it carries waits on the position', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const q = quote(s, '7203', TEST_NOW);
      const stop = roundToTick(q.price - 100, table('7203'), 'down');
      const profit = roundToTick(q.price + 100, table('7203'), 'up');
      // A long's stop-loss must sit below its take-profit.
      expect((await order(s, u, { then: { type: 'limit', price: stop, stop: profit } })).status).toBe(400);
      // IFDOCO with a market entry in continuous trading: filled at once, the OCO close waits.
      const now = await placed(s, u, { then: { type: 'limit', price: profit, stop, validity: 'week' } });
      expect(now).toMatchObject({ status: 'closing', closeType: 'limit', closeLimitPrice: profit, closeStop: stop });
      expect(now.closeExpiresAt).toBe(sessionBounds('2026-11-27').close);
      // IFD with a waiting limit entry: nothing to close until it fills.
      let low = q.price;
      for (const t of tradingInstants(TEST_NOW, 1)) low = Math.min(low, quote(s, '7203', t).price);
      const entry = roundToTick(low + 10, table('7203'), 'up');
      const ifd = await placed(s, u, { type: 'limit', price: entry, then: { type: 'limit', price: profit } });
      expect(ifd).toMatchObject({ status: 'pending', thenClose: { type: 'limit', price: profit, validity: 'day' } });
      const reach = firstWhere('7203', TEST_NOW, (x) => x <= entry);
      await runAt(s, reach + 60_000);
      const filled = await position(s, u, ifd.id);
      expect(filled).toMatchObject({ status: 'closing', closeType: 'limit', closeLimitPrice: profit });
      expect(filled.buyPrice).toBeLessThanOrEqual(entry);
      await expectLedgerBalanced(s);
    });

    it('execution conditions: 引け fills in the closing auction, an unmet 寄付 limit lapses at the open, 不成 ends at market', async () => {
      s.clock.set(TEST_NOW); // 10:00
      const u = await trader(s, 3_000_000);
      const day = jstDate(TEST_NOW);
      const b = sessionBounds(day);
      const lower = quote(s, '7203', TEST_NOW).limits!.lower;
      const atClose = await placed(s, u, { condition: 'close' });
      expect(atClose).toMatchObject({ status: 'pending', condition: 'close' });
      const atOpen = await placed(s, u, { type: 'limit', price: lower, condition: 'open' }); // the 12:30 open
      const funari = await placed(s, u, { type: 'limit', price: lower, condition: 'funari' });
      expect((await order(s, u, { condition: 'funari' })).status).toBe(400); // 不成 is a limit
      expect((await order(s, u, { condition: 'close', validity: 'week' })).status).toBe(400);

      await runAt(s, b.afternoonOpen + 60_000);
      expect((await position(s, u, atOpen.id)).status).toBe('cancelled'); // the open did not reach the limit
      expect((await position(s, u, atClose.id)).status).toBe('pending'); // continuous trading does not fill 引け
      expect((await position(s, u, funari.id)).status).toBe('pending');
      await runAt(s, b.close + 60_000);
      const auction = quote(s, '7203', b.close).price;
      expect(await position(s, u, atClose.id)).toMatchObject({ status: 'holding', buyPrice: auction, buyTime: b.close });
      expect(await position(s, u, funari.id)).toMatchObject({ status: 'holding', buyPrice: auction });
      expect(await balances(s, u.id)).toMatchObject({ frozen: 0 });
      await expectLedgerBalanced(s);
    });

    it('amending a waiting buy limit moves its reservation with the price; what cannot be amended is refused', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 3_000_000);
      const other = await trader(s, 1_000);
      const lower = quote(s, '7203', TEST_NOW).limits!.lower;
      const p = await placed(s, u, { type: 'limit', price: lower });
      const higher = roundToTick(lower + 100, table('7203'), 'up');
      const up = await amend(u, p.id, { price: higher });
      expect(up.status, JSON.stringify(up.body)).toBe(200);
      const reserved = orderCost(higher, 100, 10, 10, 'zero').total;
      expect(up.body.data).toMatchObject({ limitPrice: higher, reserved });
      expect(await balances(s, u.id)).toMatchObject({ cash: 3_000_000 - reserved, frozen: reserved });
      const down = await amend(u, p.id, { price: lower });
      expect(down.status).toBe(200);
      expect(await balances(s, u.id)).toMatchObject({ cash: 3_000_000 - p.reserved, frozen: p.reserved });
      const records = (await s.call('get', 'funds/records?type=trade&limit=2', { token: u.token })).body.data.items;
      expect(records.map((r: { memo: { id: string } }) => r.memo.id)).toEqual(['memo_order_amended', 'memo_order_amended']);

      expect((await amend(u, p.id, { price: higher + 3 })).status).toBe(400); // off the tick grid
      expect((await amend(u, p.id, { trigger: higher })).status).toBe(400); // not a stop order
      expect((await amend(other, p.id, { price: higher })).status).toBe(404);
      const market = await placed(s, u, { trigger: roundToTick(quote(s, '7203', TEST_NOW).price + 30, table('7203'), 'up') });
      expect((await amend(u, market.id, { price: higher })).status).toBe(400); // a stop-market has no price
      const held = await placed(s, u);
      expect((await amend(u, held.id, { price: higher })).status).toBe(409);
      expect(await balances(s, u.id)).toMatchObject({ frozen: p.reserved + market.reserved });
      await expectLedgerBalanced(s);
    });
  });
}
