import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { roundToTick, type TickTable } from '../../src/shared/market';
import { balances, expectLedgerBalanced, placed, quote, trader, type OrderInput } from './trade-support';

/**
 * Issue 35 item 3: the ticket's confirm sheet shows what the order will reserve. GET trade/preview
 * answers it with the order command's own function (orders.ts orderReserve / fillNow), so for every
 * order type (IFD / IFDOCO, 逆指値, 不成, a short) the preview's reservation is the cash the order
 * then freezes, and an order that fills at once says it does not wait.
 */
for (const dialect of testDialects()) {
  describe(`trade order reservation (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      s.clock.set(TEST_NOW);
    });
    afterAll(async () => {
      await s?.close();
    });

    const table = () => s.services.market.instrument('7203')!.tickTable as TickTable;
    const tick = (p: number, dir: 'up' | 'down') => roundToTick(p, table(), dir);
    const preview = async (u: TestUser, o: OrderInput) => {
      const query: Record<string, string> = { code: '7203', direction: o.direction ?? 'up', type: o.type ?? 'market', lots: String(o.lots ?? 1), leverage: String(o.leverage ?? 1) };
      if (o.price !== undefined) query.price = String(o.price);
      if (o.trigger !== undefined) query.trigger = String(o.trigger);
      if (o.condition !== undefined) query.condition = o.condition;
      const res = await s.call('get', `trade/preview?${new URLSearchParams(query).toString()}`, { token: u.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data as { reserve: number; waits: boolean; total: number; buyingPower: number };
    };
    /** Previews, places, and checks the order froze exactly the preview's reservation. */
    const reservesAsPreviewed = async (o: OrderInput) => {
      const u = await trader(s, 5_000_000);
      const p = await preview(u, o);
      expect(p.waits).toBe(true);
      const pos = await placed(s, u, o);
      expect(pos.status).toBe('pending');
      expect(pos.reserved).toBe(p.reserve);
      const after = await balances(s, u.id);
      expect(after.frozen).toBe(p.reserve);
      expect((await preview(u, o)).buyingPower).toBe(p.buyingPower - p.reserve);
      return p;
    };

    it('an IFDOCO buy (cash and margin) reserves what the preview said, at its limit', async () => {
      const now = quote(s, '7203', TEST_NOW).price;
      const entry = tick(now - 50, 'down');
      const then = { type: 'limit' as const, price: tick(entry + 100, 'up'), stop: tick(entry - 100, 'down'), validity: 'week' };
      for (const leverage of [1, 3]) {
        const o: OrderInput = { type: 'limit', price: entry, leverage, then };
        const p = await reservesAsPreviewed(o);
        expect(p.reserve).toBe(p.total);
      }
      await expectLedgerBalanced(s);
    });

    it('a stop buy (逆指値), a 不成 buy and an IFDOCO short reserve at the upper limit, as previewed', async () => {
      const q = quote(s, '7203', TEST_NOW);
      const upperCost = (await reservesAsPreviewed({ trigger: tick(q.price + 50, 'up') })).reserve;
      // 不成 may end at market in the closing auction: the same upper-limit reservation, not the limit's.
      const funari = await reservesAsPreviewed({ type: 'limit', price: tick(q.price - 50, 'down'), condition: 'funari' });
      expect(funari.reserve).toBe(upperCost);
      expect(funari.reserve).toBeGreaterThan(funari.total);
      const short: OrderInput = {
        direction: 'down', leverage: 3, type: 'limit', price: tick(q.price + 50, 'up'),
        then: { type: 'limit', price: tick(q.price - 50, 'down'), stop: tick(q.price + 150, 'up') },
      };
      await reservesAsPreviewed(short);
      await expectLedgerBalanced(s);
    });

    it('an order that fills at once does not wait: nothing stays frozen', async () => {
      const q = quote(s, '7203', TEST_NOW);
      const u = await trader(s, 5_000_000);
      const o: OrderInput = { type: 'limit', price: tick(q.ask! + 20, 'up') };
      expect((await preview(u, o)).waits).toBe(false);
      expect((await placed(s, u, o)).status).toBe('holding');
      expect((await balances(s, u.id)).frozen).toBe(0);
    });
  });
}
