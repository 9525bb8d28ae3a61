import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { fundsApi } from '../../src/shared/api/funds';
import { contractValue } from '../../src/shared/domain/trade-money';
import { at, dataOf, grant, placed, signIn, trader } from './trade-support';
import type { TestUser } from '../support/server';

/** funds/history (資産推移, issue 13 item 2): ledger equity per Tokyo day + positions at the day's close, today live. */
for (const dialect of testDialects()) {
  describe(`funds history (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect });
    });
    afterAll(async () => {
      await s?.close();
    });

    const history = async (u: TestUser, range?: '1m' | '3m' | '1y' | 'all') => {
      const res = await s.api(fundsApi.history, { token: u.token, query: range ? { range } : {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return dataOf(res.body);
    };
    const summary = async (u: TestUser) => dataOf((await s.api(fundsApi.summary, { token: u.token })).body);
    const close = (code: string, day: string) => s.services.market.dailyBars(code, day, day)[0]!.close;

    it('a grant, then a buy, then price changes: each day valued at its close, today live, 当日損益 without flows', async () => {
      s.clock.set(TEST_NOW); // 2026-11-24 (Tue) 10:00 JST
      const u = await trader(s, 2_000_000);
      const grantDay = await history(u);
      // Only today: the grant is money in, not a gain.
      expect(grantDay.points).toEqual([{ date: '2026-11-24', totalAssets: 2_000_000 }]);
      expect(grantDay).toMatchObject({ totalAssets: 2_000_000, previousTotal: 0, netFlows: 2_000_000, dayChange: 0, dayChangeBp: 0 });

      const p = await placed(s, u, { lots: 1 });
      s.clock.set(at('2026-11-26', 11));
      const h = await history(u);
      const cost = p.contractValue as number;
      const openFee = p.openFee as number;
      const dayValue = (day: string) => 2_000_000 - openFee + contractValue(close('7203', day), 100, 10) - cost;
      expect(h.points.map((x) => x.date)).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
      expect(h.points[0]!.totalAssets).toBe(dayValue('2026-11-24'));
      expect(h.points[1]!.totalAssets).toBe(dayValue('2026-11-25'));
      // Prices moved between the two closes, so the days differ (the test would be vacuous otherwise).
      expect(close('7203', '2026-11-24')).not.toBe(close('7203', '2026-11-25'));
      const live = await summary(u);
      expect(h.points[2]).toEqual({ date: '2026-11-26', totalAssets: live.totalAssets });
      expect(h).toMatchObject({ totalAssets: live.totalAssets, previousTotal: dayValue('2026-11-25'), netFlows: 0, dayChange: live.totalAssets - dayValue('2026-11-25') });

      // A grant today is a flow: total assets rise by it, 当日損益 does not.
      await grant(s, u.id, 300_000);
      const after = await history(u);
      expect(after.totalAssets).toBe(h.totalAssets + 300_000);
      expect(after).toMatchObject({ netFlows: 300_000, dayChange: h.dayChange, previousTotal: h.previousTotal });
    });

    it('never shows another user’s ledger or positions', async () => {
      s.clock.set(at('2026-11-24', 10));
      const a = await trader(s, 1_000_000);
      const b = await trader(s, 5_000_000);
      await placed(s, b, { lots: 2 });
      s.clock.set(at('2026-11-26', 10));
      const h = await history(a);
      expect(h.points).toEqual([
        { date: '2026-11-24', totalAssets: 1_000_000 },
        { date: '2026-11-25', totalAssets: 1_000_000 },
        { date: '2026-11-26', totalAssets: 1_000_000 },
      ]);
      expect(h).toMatchObject({ previousTotal: 1_000_000, netFlows: 0, dayChange: 0 });
      const nobody = await trader(s, 0);
      expect((await history(nobody)).points).toEqual([{ date: '2026-11-26', totalAssets: 0 }]);
    });

    it('ranges: 1m, 3m and 1y look back 30, 91 and 365 days; all from the first activity', async () => {
      s.clock.set(at('2026-11-24', 10));
      const u = await trader(s, 1_000_000);
      s.clock.set(at('2027-02-10', 10));
      await signIn(s, u); // past the session's idle expiry
      const oneMonth = await history(u, '1m');
      expect(oneMonth.range).toBe('1m');
      expect(oneMonth.points).toHaveLength(31);
      expect(oneMonth.points[0]).toEqual({ date: '2027-01-11', totalAssets: 1_000_000 });
      const threeMonths = await history(u, '3m');
      // Before the first grant there was nothing to value: the chart starts at the grant.
      expect(threeMonths.points[0]).toEqual({ date: '2026-11-24', totalAssets: 1_000_000 });
      expect(threeMonths.points.at(-1)!.date).toBe('2027-02-10');
      expect((await history(u, 'all')).points).toEqual(threeMonths.points);
      s.clock.set(at('2028-01-05', 10));
      await signIn(s, u);
      const year = await history(u, '1y');
      expect(year.points).toHaveLength(366);
      expect(year.points[0]!.date).toBe('2027-01-05');
      expect((await history(u, 'all')).points[0]!.date).toBe('2026-11-24');
      expect((await history(u)).range).toBe('1m');
      const bad = await s.call('get', 'funds/history?range=5y', { token: u.token });
      expect(bad.status).toBe(400);
      expect((await s.call('get', 'funds/history')).status).toBe(401);
    });
  });
}
