import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { runDatesBetween } from '../../src/shared/domain/plan';
import { NISA_LIMITS } from '../../src/shared/domain/account-type';
import { addDays, jstDate, jstMs, jstYear, type IsoDate } from '../../src/shared/market';
import { balances, expectLedgerBalanced, grant, trader } from './trade-support';
import { created, jobsAt, openNisa, planOf, runsOfPlan, trustOrdersOfPlan, marketClock, startPlansServer } from './plans-support';

/*
 * Issue 39, Must show (docs/domain.md "Investment trusts and 積立"), on the test clock over a year:
 * - a monthly fund plan: 12 run dates, one skipped for lack of cash (the plan's own buys drained the
 *   cash; topped up after the skip), the others ordered and filled by the evening's NAV strike, the
 *   holding growing, and the ledger invariants after each run and each strike;
 * - a つみたて投資枠 plan of ¥150,000 a month: 8 runs of a Tokyo year fill the ¥1,200,000 room, the rest
 *   of that year is skipped for 'nisa_room', and January runs again.
 * The plan's next run on screen is each time the date the job runs.
 */
const FUND = 'kabuto-topix';
const schedule = { frequency: 'monthly' as const, days: [10] };

for (const dialect of testDialects()) {
  describe(`積立 over a year on the clock (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startPlansServer(dialect);
      // The first run of the jobs creates the fund catalogue (trusts/jobs.ts).
      await s.services.jobs.runDue(TEST_NOW);
    });
    afterAll(async () => {
      await s?.close();
    });

    const db = () => s.services.database.db;
    const holding = (u: TestUser, account: string) =>
      db().selectFrom('trust_holding').selectAll().where('user_id', '=', u.id).where('fund_id', '=', FUND).where('account_type', '=', account).executeTakeFirst();

    /** Runs the plan job at 10:00 of `date` and the strike at 18:00; returns the run's row and order. */
    async function runDate(u: TestUser, planId: string, date: IsoDate) {
      expect((await planOf(s, u, planId)).nextRun).toBe(date);
      await jobsAt(s, date, 10, 0);
      const run = (await runsOfPlan(s, planId)).find((r) => r.run_date === date);
      expect(run, date).toBeDefined();
      await expectLedgerBalanced(s);
      await jobsAt(s, date, 18, 0);
      await expectLedgerBalanced(s);
      const order = (await trustOrdersOfPlan(s, planId)).find((o) => o.id === run!.order_id);
      return { run: run!, order };
    }

    it('runs a monthly fund plan 12 times: one skipped for lack of cash, the rest ordered and filled', { timeout: 600_000 }, async () => {
      marketClock(s).set(TEST_NOW);
      const amount = 10_000;
      // Cash for four runs: the plan's own buys drain it before the fifth.
      const u = await trader(s, 4 * amount, { agreed: false });
      const plan = await created(s, u, { kind: 'fund', target: FUND, amount, account: 'specific', ...schedule });
      const dates = runDatesBetween(schedule, '2026-11-24', '2027-11-30');
      expect(dates).toHaveLength(12);
      let units = 0;
      for (const [i, date] of dates.entries()) {
        const { run, order } = await runDate(u, plan.id, date);
        if (i === 4) {
          expect(run).toMatchObject({ status: 'skipped', reason: 'insufficient_cash', order_id: null });
          expect(order).toBeUndefined();
          expect((await balances(s, u.id)).cash).toBeLessThan(amount);
          // The records line (an event, no postings) and the message, once.
          const entries = await db().selectFrom('journal_entry').selectAll().where('user_id', '=', u.id).where('kind', '=', 'plan_skipped').execute();
          expect(entries).toHaveLength(1);
          expect(JSON.parse(entries[0]!.memo)).toMatchObject({ id: 'memo_plan_skipped', params: { reason: 'insufficient_cash', runDate: date, fundCode: 'KB000001' } });
          expect(await db().selectFrom('posting').select('id').where('entry_id', '=', entries[0]!.id).execute()).toEqual([]);
          const messages = await db().selectFrom('message').selectAll().where('user_id', '=', u.id).where('kind', '=', 'plan_skipped').execute();
          expect(messages).toHaveLength(1);
          // Topped up after the skipped run: the plan goes on.
          await grant(s, u.id, 100_000);
          continue;
        }
        expect(run).toMatchObject({ status: 'ordered', amount });
        expect(order, date).toMatchObject({ status: 'filled', nav_date: date, source: 'plan', account_type: 'specific', user_id: u.id });
        // 金額指定: units = ⌊A × 10,000 ÷ NAV⌋ (no 購入時手数料), paid ≤ A.
        expect(order!.units).toBe(Math.floor((amount * 10_000) / order!.nav!));
        expect(order!.value!).toBeLessThanOrEqual(amount);
        units += order!.units!;
        expect((await holding(u, 'specific'))?.units).toBe(units);
      }
      const runs = await runsOfPlan(s, plan.id);
      expect(runs.map((r) => r.run_date)).toEqual(dates);
      expect(runs.filter((r) => r.status === 'skipped').map((r) => r.run_date)).toEqual([dates[4]]);
      expect(await trustOrdersOfPlan(s, plan.id)).toHaveLength(11);
      expect((await planOf(s, u, plan.id)).nextRun).toBe('2027-12-10');
      // Never a debt.
      expect((await balances(s, u.id)).cash).toBeGreaterThanOrEqual(0);
      expect((await balances(s, u.id)).shortfall).toBe(0);
    });

    it('stops a つみたて plan at the ¥1,200,000 yearly room and runs again in January', { timeout: 600_000 }, async () => {
      // On from where the clock is (the NAV strikes never go back in time): the rest of this year,
      // the whole of the next, and its following January.
      const today = addDays(jstDate(marketClock(s).now()), 1);
      marketClock(s).set(jstMs(today, 8, 0, 0));
      const year = jstYear(marketClock(s).now()) + 1;
      const amount = 150_000;
      expect(NISA_LIMITS.yearly.nisa_tsumitate).toBe(1_200_000);
      const u = await trader(s, 3_000_000, { agreed: false });
      await openNisa(s, u);
      const plan = await created(s, u, { kind: 'fund', target: FUND, amount, account: 'nisa_tsumitate', ...schedule });
      const dates = runDatesBetween(schedule, today, `${year + 1}-01-31`);
      expect(dates.filter((d) => d.startsWith(`${year}-`))).toHaveLength(12);
      for (const date of dates) await runDate(u, plan.id, date);
      const runs = await runsOfPlan(s, plan.id);
      expect(runs.map((r) => r.run_date)).toEqual(dates);
      const ofYear = runs.filter((r) => r.run_date.startsWith(`${year}-`));
      expect(ofYear.slice(0, 8).map((r) => r.status)).toEqual(Array(8).fill('ordered'));
      expect(ofYear.slice(8).map((r) => [r.status, r.reason])).toEqual(Array(4).fill(['skipped', 'nisa_room']));
      expect(runs.filter((r) => !r.run_date.startsWith(`${year}-`)).map((r) => r.status)).toEqual(Array(dates.length - 12).fill('ordered'));
      // The room used in the year by the eight buys (what they paid, all filled) is within the frame.
      const orders = (await trustOrdersOfPlan(s, plan.id)).filter((o) => o.nav_date.startsWith(`${year}-`));
      expect(orders.map((o) => o.status)).toEqual(Array(8).fill('filled'));
      const paid = orders.reduce((sum, o) => sum + o.value! + (o.fee ?? 0), 0);
      expect(paid).toBeLessThanOrEqual(1_200_000);
      expect(paid).toBeGreaterThan(1_200_000 - amount);
      expect((await trustOrdersOfPlan(s, plan.id)).map((o) => o.status)).toEqual(Array(dates.length - 4).fill('filled'));
      expect((await holding(u, 'nisa_tsumitate'))?.units).toBe((await trustOrdersOfPlan(s, plan.id)).reduce((n, o) => n + (o.units ?? 0), 0));
      expect((await balances(s, u.id)).shortfall).toBe(0);
      await expectLedgerBalanced(s);
    });
  });
}
