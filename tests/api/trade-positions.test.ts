import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { positionView } from '../../src/shared/api/trade';
import { at, cancel, closePos, placed, quote, trader } from './trade-support';

/** Reading positions: every docs/product.md "Entities and fields" field, live P/L, status tabs and paging. */
for (const dialect of testDialects()) {
  describe(`trade positions (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('shows a held position with its live market value and P/L, matching the contract', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u, { lots: 3, leverage: 2 });
      const later = at('2026-11-24', 14, 0);
      s.clock.set(later);
      const res = await s.call('get', `trade/positions/${p.id}`, { token: u.token });
      expect(res.status).toBe(200);
      expect(positionView.safeParse(res.body.data).success).toBe(true);
      const price = quote(s, '7203', later).price;
      const value = (price * 300) / 10;
      expect(res.body.data).toMatchObject({
        orderNo: p.id, code: '7203', name: 'トヨタ自動車', nameEn: expect.any(String), businessType: 'stock',
        buyPrice: p.buyPrice, buyTime: TEST_NOW, quantity: 300, leverage: 2, principal: p.contractValue / 2,
        marketPrice: price, marketValue: value, pnl: value - p.contractValue, sellTime: null, sellPrice: null, status: 'holding',
      });
      expect(res.body.data.maintenanceRatioBp).toBe(Math.floor(((p.principal + value - p.contractValue) * 10_000) / value));
    });

    it('lists by status, newest first, with a cursor', async () => {
      const u = await trader(s, 5_000_000);
      s.clock.set(TEST_NOW);
      const held = [await placed(s, u), await placed(s, u), await placed(s, u)];
      const pending = await placed(s, u, { type: 'limit', price: quote(s, '7203', TEST_NOW).limits!.lower });
      const gone = await placed(s, u, { type: 'limit', price: quote(s, '7203', TEST_NOW).limits!.lower });
      await cancel(s, u, gone.id);
      s.clock.set(at('2026-11-25', 10));
      await closePos(s, u, held[0].id);

      const list = async (q: string) => (await s.call('get', `trade/positions${q}`, { token: u.token })).body;
      expect((await list('')).data.items.map((x: { id: string }) => x.id)).toEqual([gone.id, pending.id, held[2].id, held[1].id, held[0].id]);
      expect((await list('?status=holding')).data.items.map((x: { id: string }) => x.id)).toEqual([held[2].id, held[1].id]);
      expect((await list('?status=pending,cancelled')).data.items.map((x: { status: string }) => x.status)).toEqual(['cancelled', 'pending']);
      expect((await list('?status=closed')).data.items).toHaveLength(1);
      const page1 = (await list('?limit=2')).data;
      expect(page1.items).toHaveLength(2);
      const page2 = (await list(`?limit=2&cursor=${page1.next}`)).data;
      const page3 = (await list(`?limit=2&cursor=${page2.next}`)).data;
      expect([...page1.items, ...page2.items, ...page3.items].map((x: { id: string }) => x.id)).toHaveLength(5);
      expect(page3.next).toBeNull();
      const bad = await s.call('get', 'trade/positions?status=sold', { token: u.token });
      expect(bad.status).toBe(400);
    });

    it('keeps positions private: another user gets order_not_found', async () => {
      const a = await trader(s, 1_000_000);
      const b = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, a);
      expect((await s.call('get', `trade/positions/${p.id}`, { token: b.token })).body.msg).toBe('order_not_found');
      s.clock.set(at('2026-11-25', 10));
      const res = await closePos(s, b, p.id);
      expect(res.status).toBe(404);
      expect(res.body.msg).toBe('order_not_found');
      expect((await s.call('get', 'trade/positions', { token: b.token })).body.data.items).toEqual([]);
    });
  });
}
