import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { maintenanceRatioBp, positionPnl } from '../../src/shared/domain/trade-money';
import { at, balances, closePos, expectLedgerBalanced, placed, position, quote, runAt, setPositionLevels, trader, tradingInstants } from './trade-support';

/** Maintenance ratio: a margin call below the threshold, a forced close below the floor (issue 5 §2). */
for (const dialect of testDialects()) {
  describe(`trade margin maintenance (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    /** The instant in the next days where a 3.3× long in 8035 (falls ~20%) has its lowest ratio. */
    function worstInstant(buyPrice: number, principal: number) {
      let best = { t: 0, ratio: 10_000 };
      for (const t of tradingInstants(at('2026-11-25', 9), 20, 15 * 60_000)) {
        const price = quote(s, '8035', t).price;
        const ratio = maintenanceRatioBp(principal, positionPnl('up', buyPrice, price, 100, 10), (price * 100) / 10);
        if (ratio < best.ratio) best = { t, ratio };
      }
      return best;
    }

    it('sends one margin call a day below the maintenance ratio, then force-closes below the floor', async () => {
      const u = await trader(s, 10_000_000);
      s.clock.set(TEST_NOW);
      // A position keeps the levels it opened with (docs/decisions/009-trading-money-conventions.md); the
      // levels around the worst point (below the 20 % an admin may set) are given to each position
      // after its open: a probe finds that point first.
      const probe = await placed(s, u, { code: '8035', leverage: 3.3 });
      expect(probe.maintenanceRatioBp).toBeGreaterThan(2900);
      const worst = worstInstant(probe.buyPrice, probe.principal);
      expect(worst.ratio).toBeLessThan(2000);
      expect((await closePos(s, u, probe.id)).status).toBe(200); // it only told us the prices
      const p = await placed(s, u, { code: '8035', leverage: 3.3 }); // a call by the worst point, no forced close
      await setPositionLevels(s, p.id, worst.ratio + 1, 100);
      const q = await placed(s, u, { code: '8035', leverage: 3.3 }); // forced close at the worst point
      await setPositionLevels(s, q.id, worst.ratio + 2, worst.ratio + 1);
      expect([p.buyPrice, q.buyPrice]).toEqual([probe.buyPrice, probe.buyPrice]);

      // One run at the worst point: the engine acts at the first minute each level was crossed
      // (docs/decisions/009-trading-money-conventions.md), at the latest at the worst point itself.
      const r1 = await runAt(s, worst.t);
      expect(r1).toMatchObject({ marginCalls: 1, forcedClosed: 1 });
      const called = await position(s, u, p.id);
      expect(called.status).toBe('holding');
      expect(called.alerts).toHaveLength(1);
      const call = called.alerts[0]!;
      expect(call).toMatchObject({ kind: 'margin_call', params: { thresholdBp: worst.ratio + 1 } });
      expect(call.params.ratioBp).toBeLessThanOrEqual(worst.ratio);
      expect(call.at).toBeLessThanOrEqual(worst.t);
      expect((await runAt(s, worst.t + 1_000)).marginCalls).toBe(0); // once a day

      const closed = await position(s, u, q.id);
      expect(closed).toMatchObject({ status: 'ended', closeReason: 'forced_close' });
      expect(closed.sellTime).toBeLessThanOrEqual(worst.t);
      expect(closed.alerts.map((a: { kind: string }) => a.kind)).toEqual(['forced_close']);
      expect(closed.alerts[0]!.params.floorBp).toBe(worst.ratio + 1);
      expect(closed.pnl).toBeLessThan(0);
      expect(await balances(s, u.id)).toMatchObject({ margin: p.principal, loan: 0, shortfall: 0 });
      await expectLedgerBalanced(s);
    });

    it('leaves cash positions and healthy margin alone', async () => {
      const u = await trader(s, 10_000_000);
      s.clock.set(TEST_NOW);
      const cashLong = await placed(s, u, { code: '8035' });
      const r = await runAt(s, TEST_NOW + 60_000);
      expect(r).toMatchObject({ marginCalls: 0, forcedClosed: 0 });
      expect((await position(s, u, cashLong.id)).maintenanceRatioBp).toBeGreaterThanOrEqual(9_000);
    });
  });
}
