import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/server/clock';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';
import { strategiesApi } from '../../src/shared/api/strategies';
import { addDays, isTradingDay, jstMs, prevTradingDay, type IsoDate } from '../../src/shared/market';
import { modelFrom } from '../../src/server/modules/strategies/model-tracks';
import { dataOf, runAt, trader } from './trade-support';

/**
 * Issue 35 item 8: strategy funds show a model track record from a stated start (three years before
 * the fund began) so they can be compared; a new fund says it is new. The record is the rule run
 * over the simulator's past (strategies/track.ts), apart from the fund's own NAV history.
 */
const TODAY: IsoDate = '2026-03-04';

for (const dialect of testDialects()) {
  describe(`strategy funds' model track record (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startTestServer({ dialect, clock: new ManualClock(jstMs(TODAY, 10, 0)) });
      // The default funds are created by the first job run (reads change nothing).
      await runAt(s, jstMs(TODAY, 10, 0));
    });
    afterAll(async () => {
      await s?.close();
    });

    it('lists every fund with a model return over the same year, and marks new funds', async () => {
      const u = await trader(s, 0);
      const items = dataOf((await s.api(strategiesApi.list, { token: u.token, query: {} })).body).items;
      expect(items.length).toBeGreaterThan(1);
      const last = prevTradingDay(TODAY);
      for (const f of items) {
        expect(f.isNew, f.id).toBe(true); // no strike yet
        expect(f.modelTrack.to).toBe(last);
        expect(f.modelTrack.from >= modelFrom(f.startedOn)).toBe(true);
        expect(f.modelTrack.returnBp1y, f.id).not.toBeNull();
      }
    });

    it("answers the model's points from ¥10,000 on the stated start, apart from the fund's own history", async () => {
      const u = await trader(s, 0);
      const d = dataOf((await s.api(strategiesApi.detail, { token: u.token, params: { id: 'dividend-follow' } })).body);
      expect(d.history).toEqual([]); // the fund's own NAV history is its own
      const pts = d.modelHistory;
      const from = modelFrom(d.fund.startedOn);
      expect(pts[0]).toEqual({ date: pts[0]!.date, nav: 10_000 });
      expect(pts[0]!.date >= from && pts[0]!.date <= addDays(from, 4)).toBe(true);
      expect(pts.at(-1)!.date).toBe(prevTradingDay(TODAY));
      for (const p of pts) expect(isTradingDay(p.date), p.date).toBe(true);
      expect(new Set(pts.map((p) => p.date)).size).toBe(pts.length);
      // The summary's figures are the points' own returns.
      const base = [...pts].reverse().find((p) => p.date <= addDays(d.fund.modelTrack.to, -365))!;
      expect(d.fund.modelTrack.returnBp1y).toBe(Math.round(((pts.at(-1)!.nav - base.nav) * 10_000) / base.nav));
      expect(d.fund.modelTrack.returnBpSinceFrom).toBe(Math.round(((pts.at(-1)!.nav - 10_000) * 10_000) / 10_000));
      // The same on a second read (kept for the day).
      const again = dataOf((await s.api(strategiesApi.detail, { token: u.token, params: { id: 'dividend-follow' } })).body);
      expect(again.modelHistory).toEqual(pts);
    });
  });
}
