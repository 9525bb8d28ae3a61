/**
 * Issue 9 item 5: a frozen or no_trade account may still close what it holds (返済のみ), may not
 * open anything new, and loses its pending new orders when the state is set (their reservations
 * return to cash in the same transaction), so no order queued before a freeze fills after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { balances, closePos, expectLedgerBalanced, order, placed, position, quote, runAt, trader } from './trade-support';

for (const dialect of testDialects()) {
  describe(`restricted accounts and trading (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const setState = (userId: string, state: string) =>
      s.call('post', `admin/users/${userId}/state`, { token: s.admin.token, body: { state, reason: 'test restriction' } });

    for (const state of ['frozen', 'no_trade'] as const) {
      it(`${state}: closes what it holds, opens nothing, and its pending orders are cancelled`, async () => {
        const u = await trader(s, 3_000_000);
        s.clock.set(TEST_NOW);
        const held = await placed(s, u, { leverage: 2 });
        const price = quote(s, '7203', TEST_NOW).price;
        // A buy limit far below the market waits as a pending order with its money reserved.
        const waiting = await placed(s, u, { type: 'limit', price: Math.round((price * 0.8) / 10) * 10 });
        expect(waiting.status).toBe('pending');
        expect((await balances(s, u.id)).frozen).toBeGreaterThan(0);

        expect((await setState(u.id, state)).status).toBe(200);
        expect(await position(s, u, waiting.id)).toMatchObject({ status: 'cancelled' });
        expect((await balances(s, u.id)).frozen).toBe(0);

        const refused = await order(s, u);
        expect(refused.status).toBe(403);
        expect(refused.body.msg).toBe(state === 'frozen' ? 'account_frozen' : 'account_no_trade');

        s.clock.set(TEST_NOW + 60_000);
        const closed = await closePos(s, u, held.id, {}, uuidv7());
        expect(closed.status, JSON.stringify(closed.body)).toBe(200);
        expect(closed.body.data.status).toBe('closed');
        // Nothing queued before the restriction opens later.
        await runAt(s, TEST_NOW + 4 * 3_600_000);
        expect(await position(s, u, waiting.id)).toMatchObject({ status: 'cancelled' });
        await expectLedgerBalanced(s);
      });
    }
  });
}
