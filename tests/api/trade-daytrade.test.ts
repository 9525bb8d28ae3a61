import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { at, balances, closePos, expectLedgerBalanced, placed, position, quote, runAt, trader } from './trade-support';

/** Day trading (issue 5 §3): no interest, no T+N, closed automatically at the closing auction. */
for (const dialect of testDialects()) {
  describe(`trade day trading (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const closeAt = at('2026-11-24', 15, 30);

    it('is closed automatically at the closing auction price, with no interest', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u, { dayTrade: true, leverage: 3.3 });
      expect(p).toMatchObject({ businessType: 'day_trade', dayTrade: true, autoCloseAt: closeAt, sellableFrom: '2026-11-24', actions: { close: true } });
      expect((await runAt(s, at('2026-11-24', 15, 29, 59))).autoClosed).toBe(0);
      expect((await runAt(s, closeAt)).autoClosed).toBe(1);
      const auction = quote(s, '7203', closeAt).price;
      const done = await position(s, u, p.id);
      expect(done).toMatchObject({ status: 'ended', closeReason: 'auto_close', sellPrice: auction, sellTime: closeAt, interest: 0 });
      expect(done.alerts).toEqual([{ kind: 'auto_close', params: { price: auction }, at: closeAt }]);
      expect(done.pnl).toBe(((auction - p.buyPrice) * 100) / 10);
      // Overnight interest runs find nothing to charge.
      expect((await runAt(s, at('2026-11-25', 9))).interestCharged).toBe(0);
      expect(await balances(s, u.id)).toMatchObject({ margin: 0, frozen: 0 });
      await expectLedgerBalanced(s);
    });

    it('can be closed by the user the same day (no T+N)', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u, { dayTrade: true });
      s.clock.set(TEST_NOW + 30 * 60_000);
      const res = await closePos(s, u, p.id);
      expect(res.body.data).toMatchObject({ status: 'closed', closeReason: 'user' });
    });

    it('a late run catches up in time order: a lunch order fills at 12:30, then closes at 15:30', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2026-11-24', 12, 0));
      const p = await placed(s, u, { dayTrade: true, direction: 'down', leverage: 2 });
      expect(p.status).toBe('pending');
      const r = await runAt(s, at('2026-11-24', 18, 0));
      expect(r).toMatchObject({ filled: 1, autoClosed: 1 });
      const done = await position(s, u, p.id);
      expect(done).toMatchObject({
        status: 'ended',
        buyPrice: quote(s, '7203', at('2026-11-24', 12, 30)).price,
        sellPrice: quote(s, '7203', closeAt).price,
      });
    });

    it('a close request still waiting at the auction is closed by it', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u, { dayTrade: true });
      s.clock.set(at('2026-11-24', 14));
      const high = quote(s, '7203', s.clock.now()).limits!.upper;
      expect((await closePos(s, u, p.id, { type: 'limit', price: high })).body.data.status).toBe('closing');
      await runAt(s, closeAt);
      expect(await position(s, u, p.id)).toMatchObject({ status: 'ended', closeReason: 'auto_close' });
    });
  });
}
