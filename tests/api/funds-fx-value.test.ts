import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { fundsApi } from '../../src/shared/api/funds';
import { at, dataOf, expectLedgerBalanced, grant } from './trade-support';

/**
 * Foreign balances in total assets (funds/summary, funds/history): after an exchange, each non-yen
 * balance counts at its yen value — today at the FX board's mid, a past day at that day's FX close —
 * in exact integers rounded toward zero. The expected figures are recomputed here from the board's
 * prices and the bars, not taken from the server.
 */
for (const dialect of testDialects()) {
  describe(`funds: foreign balances valued in yen (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const summary = async (u: TestUser) => dataOf((await s.api(fundsApi.summary, { token: u.token })).body);
    const history = async (u: TestUser) => {
      const res = await s.api(fundsApi.history, { token: u.token, query: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return dataOf(res.body);
    };
    async function exchange(u: TestUser, from: string, to: string, amount: number) {
      const q = await s.call('post', 'fx/quote', { token: u.token, body: { from, to, amount } });
      expect(q.status, JSON.stringify(q.body)).toBe(200);
      const r = await s.call('post', 'fx/exchange', { token: u.token, body: { quoteId: q.body.data.quoteId }, headers: { 'Idempotency-Key': uuidv7() } });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data as { amountOut: number; spreadAmount: number };
    }
    /** Yen for `minor` minor units at `price` (priceScale) per `unit` major units with `decimals` decimals, truncated toward zero. */
    const yen = (minor: number, code: string, price: number, decimals: number) => {
      const inst = s.services.market.instrument(code)!;
      return Number((BigInt(minor) * BigInt(price)) / (BigInt(inst.priceScale) * BigInt(inst.quoteUnit ?? 1) * 10n ** BigInt(decimals)));
    };
    const mid = (code: string) => s.services.market.quote(code, s.clock.now()).price;
    const close = (code: string, day: string) => s.services.market.dailyBars(code, day, day)[0]!.close;

    it('summary: after JPY → USD, total assets = yen left + USD at mid, down by no more than the spread', async () => {
      s.clock.set(TEST_NOW);
      const u = await registerUser(s);
      await grant(s, u.id, 1_000_000);
      const before = await summary(u);
      expect(before.totalAssets).toBe(1_000_000);

      const x = await exchange(u, 'JPY', 'USD', 100_000);
      const after = await summary(u);
      const usdValue = yen(x.amountOut, 'USDJPY', mid('USDJPY'), 2);
      expect(after.totalAssets).toBe(900_000 + usdValue);
      expect(after.balances.find((b) => b.currency === 'USD')).toMatchObject({ cash: x.amountOut, total: x.amountOut, valueJpy: usdValue });
      expect(after.balances.find((b) => b.currency === 'JPY')).toMatchObject({ total: 900_000, valueJpy: 900_000 });
      // Only the spread (valued at mid, rounded up) plus the two truncations may separate the figures.
      const spreadJpy = yen(x.spreadAmount, 'USDJPY', mid('USDJPY'), 2) + 1;
      const drop = before.totalAssets - after.totalAssets;
      expect(drop).toBeGreaterThan(0);
      expect(drop).toBeLessThanOrEqual(spreadJpy + 1);
      // The trading result is untouched by an exchange.
      expect(after.profit).toBe(before.profit);
      await expectLedgerBalanced(s);
    });

    it('summary: KRW is quoted per 100 won (0 decimals)', async () => {
      s.clock.set(TEST_NOW);
      const u = await registerUser(s);
      await grant(s, u.id, 500_000);
      const x = await exchange(u, 'JPY', 'KRW', 50_000);
      const after = await summary(u);
      const value = yen(x.amountOut, 'KRWJPY', mid('KRWJPY'), 0);
      expect(s.services.market.instrument('KRWJPY')!.quoteUnit).toBe(100);
      expect(after.balances.find((b) => b.currency === 'KRW')).toMatchObject({ total: x.amountOut, valueJpy: value });
      expect(after.totalAssets).toBe(450_000 + value);
      await expectLedgerBalanced(s);
    });

    it('history: a USD balance held over days counts at each day’s USDJPY close; today = summary; an exchange is not a flow', async () => {
      s.clock.set(TEST_NOW); // 2026-11-24 (Tue) 10:00 JST
      const u = await registerUser(s);
      await grant(s, u.id, 1_000_000);
      const x = await exchange(u, 'JPY', 'USD', 200_000);
      const sameDay = await history(u);
      // On the exchange's day: the grant is the only flow; the spread is the day's (small) loss.
      expect(sameDay.netFlows).toBe(1_000_000);
      expect(sameDay.totalAssets).toBe((await summary(u)).totalAssets);

      s.clock.set(at('2026-11-26', 11));
      const h = await history(u);
      const dayValue = (day: string) => 800_000 + yen(x.amountOut, 'USDJPY', close('USDJPY', day), 2);
      expect(h.points.map((p) => p.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
      expect(h.points[0]!.totalAssets).toBe(dayValue('2026-11-24'));
      expect(h.points[1]!.totalAssets).toBe(dayValue('2026-11-25'));
      // The rate moved between the closes, so the test is not vacuous.
      expect(close('USDJPY', '2026-11-24')).not.toBe(close('USDJPY', '2026-11-25'));
      const live = await summary(u);
      expect(h.points[2]).toEqual({ date: '2026-11-26', totalAssets: live.totalAssets });
      expect(h).toMatchObject({ previousTotal: dayValue('2026-11-25'), netFlows: 0, dayChange: live.totalAssets - dayValue('2026-11-25') });

      // Exchanging back today moves value between currencies: not a flow.
      await exchange(u, 'USD', 'JPY', x.amountOut);
      const back = await history(u);
      expect(back.netFlows).toBe(0);
      expect((await summary(u)).balances.find((b) => b.currency === 'USD')).toMatchObject({ total: 0, valueJpy: 0 });
      await expectLedgerBalanced(s);
    });
  });
}
