import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { at, balances, closePos, expectLedgerBalanced, order, placed, quote, trader } from './trade-support';

/*
 * Many requests at once over HTTP. On PostgreSQL they run in parallel on the pool (the user's cash
 * row lock serialises them); on SQLite one writer at a time. Either way the outcome must be exact.
 */
for (const dialect of testDialects()) {
  describe(`trade concurrency (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
      s.clock.set(TEST_NOW);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('many simultaneous orders never spend more than the buying power', async () => {
      const cost = (quote(s, '7203', TEST_NOW).ask! * 100) / 10;
      const u = await trader(s, 5 * cost + cost / 2);
      const results = await Promise.all(Array.from({ length: 30 }, () => order(s, u)));
      const ok = results.filter((r) => r.status === 200);
      expect(ok).toHaveLength(5);
      for (const r of results.filter((x) => x.status !== 200)) {
        expect(r.status).toBe(422);
        expect(r.body.msg).toBe('balance_insufficient');
      }
      expect(await balances(s, u.id)).toEqual({ cash: cost / 2, frozen: 0, margin: 5 * cost, unsettled: 0, loan: 0, shortfall: 0 });
      const rows = await s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute();
      expect(rows).toHaveLength(5);
      await expectLedgerBalanced(s);
    });

    it('mixed market and limit orders at once: reservations and fills together stay within cash', async () => {
      const cost = (quote(s, '7203', TEST_NOW).ask! * 100) / 10;
      const u = await trader(s, 4 * cost);
      const lower = quote(s, '7203', TEST_NOW).limits!.lower;
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => order(s, u, i % 2 ? { type: 'limit', price: lower } : { leverage: 3.3 })),
      );
      expect(results.every((r) => r.status === 200 || r.body.msg === 'balance_insufficient')).toBe(true);
      const b = await balances(s, u.id);
      expect(b.cash).toBeGreaterThanOrEqual(0);
      expect(b.cash + b.frozen + b.margin).toBe(4 * cost);
      await expectLedgerBalanced(s);
    });

    it('a repeated idempotency key sent many times at once places one order', async () => {
      const u = await trader(s, 10_000_000);
      const key = uuidv7();
      const results = await Promise.all(Array.from({ length: 20 }, () => order(s, u, {}, key)));
      for (const r of results) expect(r.status).toBe(200);
      expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
      const rows = await s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('simultaneous closes of one position: exactly one settles', async () => {
      const u = await trader(s, 1_000_000);
      s.clock.set(TEST_NOW);
      const p = await placed(s, u);
      s.clock.set(at('2026-11-25', 10));
      const results = await Promise.all(Array.from({ length: 10 }, () => closePos(s, u, p.id)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.status !== 200)) expect(r.body).toMatchObject({ msg: 'order_state_invalid' });
      const closes = await s.services.database.db.selectFrom('journal_entry').select('id').where('ref_id', '=', p.id).where('kind', '=', 'trade_close').execute();
      expect(closes).toHaveLength(1);
      s.clock.set(TEST_NOW);
      await expectLedgerBalanced(s);
    });
  });
}
