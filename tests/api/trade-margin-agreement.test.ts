import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { MARGIN_AGREEMENT_VERSION, tradeApi } from '../../src/shared/api/trade';
import { agreeToMargin, balances, order, placed, trader } from './trade-support';

/**
 * Issue 13 item 4: the first margin order needs agreement to the 信用取引 risk explanation, recorded
 * on the server (`POST trade/margin-agreement`); the server refuses margin and short orders without it.
 */
for (const dialect of testDialects()) {
  describe(`trade margin agreement (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const status = async (u: TestUser) => {
      const res = await s.api(tradeApi.marginAgreement, { token: u.token });
      expect(res.status).toBe(200);
      return (res.body as { data: { agreedAt: number | null; version: number | null; current: number } }).data;
    };
    const rowsOf = (u: TestUser) => s.services.database.db.selectFrom('trade_position').select('id').where('user_id', '=', u.id).execute();

    it('refuses margin buys, shorts, margin day trades and margin IFDs before agreement, writing nothing; cash buys need none', async () => {
      s.clock.set(TEST_NOW);
      const u = await trader(s, 5_000_000, { agreed: false });
      expect(await status(u)).toEqual({ agreedAt: null, version: null, current: MARGIN_AGREEMENT_VERSION });
      const before = await balances(s, u.id);
      for (const o of [{ leverage: 2 }, { direction: 'down' as const, leverage: 2 }, { leverage: 1.5, dayTrade: true }, { direction: 'down' as const, leverage: 3, type: 'limit' as const, price: 30_000 }]) {
        const res = await order(s, u, o);
        expect(res.status, JSON.stringify(o)).toBe(422);
        expect(res.body).toMatchObject({ status: 0, msg: 'margin_agreement_required', params: { version: MARGIN_AGREEMENT_VERSION } });
      }
      expect(await rowsOf(u)).toEqual([]);
      expect(await balances(s, u.id)).toEqual(before);
      // A cash buy (現物買), also as a day trade at 1×, is not a margin trade.
      await placed(s, u, { lots: 1 });
      await placed(s, u, { lots: 1, dayTrade: true });
    });

    it('records the agreement with its version and time; margin and short orders are then taken', async () => {
      s.clock.set(TEST_NOW + 5 * 60_000);
      const u = await trader(s, 5_000_000, { agreed: false });
      const agreed = await agreeToMargin(s, u);
      expect(agreed).toEqual({ agreedAt: TEST_NOW + 5 * 60_000, version: MARGIN_AGREEMENT_VERSION, current: MARGIN_AGREEMENT_VERSION });
      // Agreeing again keeps the first instant.
      s.clock.set(TEST_NOW + 10 * 60_000);
      expect((await agreeToMargin(s, u)).agreedAt).toBe(TEST_NOW + 5 * 60_000);
      expect((await status(u)).agreedAt).toBe(TEST_NOW + 5 * 60_000);
      expect((await placed(s, u, { leverage: 2 })).leverage).toBe(2);
      expect((await placed(s, u, { direction: 'down', leverage: 2 })).direction).toBe('down');
    });

    it('one user’s agreement is not another’s; an unknown version is refused', async () => {
      s.clock.set(TEST_NOW);
      const a = await trader(s, 5_000_000);
      const b = await trader(s, 5_000_000, { agreed: false });
      expect((await status(a)).agreedAt).not.toBeNull();
      expect((await status(b)).agreedAt).toBeNull();
      expect((await order(s, b, { leverage: 2 })).body.msg).toBe('margin_agreement_required');
      const bad = await s.call('post', 'trade/margin-agreement', { token: b.token, body: { version: MARGIN_AGREEMENT_VERSION + 1 } });
      expect(bad.status).toBe(400);
      expect((await status(b)).agreedAt).toBeNull();
      expect((await s.call('post', 'trade/margin-agreement', { body: { version: MARGIN_AGREEMENT_VERSION } })).status).toBe(401);
    });
  });
}
