import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { contractValue } from '../../src/shared/domain/trade-money';
import { closePos, placed, quote, trader } from './trade-support';

/** Issue 13 item 2: 保有証券 — cash holdings per stock with average cost, margin apart, totals. */
for (const dialect of testDialects()) {
  describe(`trade holdings (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    it('aggregates cash holdings per stock at their average cost, lists margin apart, and adds up', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 10_000_000);
      const other = await trader(s, 10_000_000);
      const a = await placed(s, u, { lots: 1 });
      s.clock.set(TEST_NOW + 40 * 60_000);
      const b = await placed(s, u, { lots: 2 });
      const sony = await placed(s, u, { code: '6758' });
      const gone = await placed(s, u, { code: '6758' });
      expect((await closePos(s, u, gone.id)).status).toBe(200);
      const short = await placed(s, u, { direction: 'down', leverage: 2 });
      const pending = await placed(s, u, { type: 'limit', price: quote(s, '7203', TEST_NOW + 40 * 60_000).limits!.lower });
      await placed(s, other, { code: '8306' });

      const res = await s.call('get', 'trade/holdings', { token: u.token });
      expect(res.status).toBe(200);
      const h = res.body.data;
      expect(h.stocks.map((x: { code: string }) => x.code).sort()).toEqual(['6758', '7203']); // not 8306, not the pending order
      const toyota = h.stocks.find((x: { code: string }) => x.code === '7203');
      const cost = a.contractValue + b.contractValue;
      const price = quote(s, '7203', TEST_NOW + 40 * 60_000).price;
      expect(toyota).toMatchObject({ shares: 300, cost, positions: 2, value: contractValue(price, 300, 10), averageCost: Math.round((cost * 10) / 300) });
      expect(toyota.pnl).toBe(toyota.value - cost); // zero fees, no interest on cash holdings
      expect(toyota.pnlBp).toBe(Math.trunc((toyota.pnl * 10_000) / cost));
      expect(h.stocks.find((x: { code: string }) => x.code === '6758')).toMatchObject({ shares: 100, cost: sony.contractValue, positions: 1 });
      expect(h.margin).toHaveLength(1);
      expect(h.margin[0]).toMatchObject({ id: short.id, direction: 'down', leverage: 2, shares: 100 });
      expect(h.totals.value).toBe(h.stocks.reduce((t: number, x: { value: number }) => t + x.value, 0));
      expect(h.totals.pnl).toBe(h.stocks.reduce((t: number, x: { pnl: number }) => t + x.pnl, 0) + h.margin[0].pnl);
      expect(h.totals.marginValue).toBe(h.margin[0].value);
      expect(pending.status).toBe('pending');
      // Both bought today: the day's change counts from the purchase.
      expect(h.totals.dayChange).toBe(h.stocks.reduce((t: number, x: { value: number; cost: number }) => t + x.value - x.cost, 0));
    });
  });
}
