import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { jstMs } from '../../src/shared/market';
import { plansAdminApi, plansApi } from '../../src/shared/api/plans';
import { registerUser, TEST_NOW, type TestServer } from '../support/server';
import { balances, dataOf, expectLedgerBalanced, trader } from './trade-support';
import { createPlan, created, jobsAt, planAction, planOf, plansOf, plansRowsOf, refused, runsOfPlan, trustOrdersOfPlan, updatePlan, viewOf, marketClock, startPlansServer } from './plans-support';

/*
 * Issue 39: 積立 plans (docs/domain.md "Investment trusts and 積立") — create (idempotent), edit,
 * pause / resume / stop; refusals change nothing; the next run on screen is the date the plan job
 * runs; a run date on a holiday moves to the next business day. On the test clock (TEST_NOW:
 * Tuesday 2026-11-24, 10:00 Tokyo). A stock plan (trade's market buy) keeps these tests apart from
 * the NAV strike; the monthly fund plans are plans-monthly.test.ts.
 */
const CODE = '7203';

for (const dialect of testDialects()) {
  describe(`積立 plans (${dialect})`, () => {
    let s: TestServer;
    beforeAll(async () => {
      s = await startPlansServer(dialect);
      // The first run of the jobs creates the fund catalogue (trusts/jobs.ts).
      await s.services.jobs.runDue(TEST_NOW);
    });
    afterAll(async () => {
      await s?.close();
    });

    it('creates once per key, edits, pauses, resumes and stops; the next run shown is the run date', async () => {
      marketClock(s).set(TEST_NOW);
      const u = await trader(s, 50_000_000, { agreed: false });
      const body = { kind: 'stock', target: CODE, lots: 1, account: 'specific', frequency: 'monthly', days: [1] };
      const key = uuidv7();
      const first = await createPlan(s, u, body, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await createPlan(s, u, body, key);
      const plan = viewOf(first);
      expect(viewOf(again).id).toBe(plan.id);
      expect(await plansRowsOf(s, u)).toHaveLength(1);
      expect(plan).toMatchObject({ kind: 'stock', target: CODE, code: CODE, lots: 1, amount: null, status: 'active', nextRun: '2026-12-01', yearRemaining: null });
      expect(plan.names.ja).toBeTruthy();

      const edited = await updatePlan(s, u, plan.id, { lots: 2 });
      expect(viewOf(edited)).toMatchObject({ lots: 2, nextRun: '2026-12-01' });

      // Not before 10:00 of the run date; at 10:00 the run is the date the screen showed.
      await jobsAt(s, '2026-12-01', 9, 59);
      expect(await runsOfPlan(s, plan.id)).toEqual([]);
      await jobsAt(s, '2026-12-01', 10, 0);
      const runs = await runsOfPlan(s, plan.id);
      expect(runs.map((r) => [r.run_date, r.status])).toEqual([['2026-12-01', 'ordered']]);
      const pos = await s.services.database.db.selectFrom('trade_position').selectAll().where('id', '=', runs[0]!.order_id!).executeTakeFirstOrThrow();
      expect(pos).toMatchObject({ user_id: u.id, code: CODE, account_type: 'specific' });
      expect(pos.quantity).toBe(200);
      await expectLedgerBalanced(s);
      // A second run of the job at the same date does nothing more; 1 January 2027 is a holiday: the 4th.
      await jobsAt(s, '2026-12-01', 10, 30);
      expect(await runsOfPlan(s, plan.id)).toHaveLength(1);
      expect((await planOf(s, u, plan.id)).nextRun).toBe('2027-01-04');
      expect((await planOf(s, u, plan.id)).recentRuns.map((r) => r.runDate)).toEqual(['2026-12-01']);

      // Paused: no run; resumed on the run date itself: that date is still to run, and runs.
      marketClock(s).set(Date.parse('2027-01-03T15:00:00Z'));
      const paused = await planAction(s, u, plan.id, 'pause');
      expect(viewOf(paused)).toMatchObject({ status: 'paused', nextRun: null });
      await jobsAt(s, '2027-01-04', 10, 0);
      expect(await runsOfPlan(s, plan.id)).toHaveLength(1);
      const resumed = await planAction(s, u, plan.id, 'resume');
      expect(viewOf(resumed)).toMatchObject({ status: 'active', nextRun: '2027-01-04' });
      await jobsAt(s, '2027-01-04', 10, 5);
      expect((await runsOfPlan(s, plan.id)).map((r) => r.run_date)).toEqual(['2026-12-01', '2027-01-04']);
      // Today's run done: a new schedule starts after today (Wednesdays: the 6th).
      const weekly = await updatePlan(s, u, plan.id, { frequency: 'weekly', days: [3] });
      expect(viewOf(weekly)).toMatchObject({ frequency: 'weekly', days: [3], nextRun: '2027-01-06' });

      const stopped = await planAction(s, u, plan.id, 'stop');
      expect(viewOf(stopped)).toMatchObject({ status: 'stopped', nextRun: null });
      refused(await updatePlan(s, u, plan.id, { lots: 1 }), 422, 'plan_stopped');
      refused(await planAction(s, u, plan.id, 'resume'), 422, 'plan_stopped');
      await jobsAt(s, '2027-01-06', 10, 0);
      expect(await runsOfPlan(s, plan.id)).toHaveLength(2);
      // Runs newest first, through the API.
      const page = await s.call('get', `plans/${plan.id}/runs?limit=1`, { token: u.token });
      const first1 = plansApi.runs.data.parse(dataOf(page.body));
      expect(first1.items.map((r) => r.runDate)).toEqual(['2027-01-04']);
      const next = await s.call('get', `plans/${plan.id}/runs?limit=1&cursor=${encodeURIComponent(first1.next!)}`, { token: u.token });
      expect(plansApi.runs.data.parse(dataOf(next.body))).toMatchObject({ next: null, items: [{ runDate: '2026-12-01', status: 'ordered' }] });
      // Another user sees no such plan.
      const other = await registerUser(s);
      refused(await planAction(s, other, plan.id, 'pause'), 404, 'plan_not_found');
      await expectLedgerBalanced(s);
    });

    it('refuses invalid plans and changes nothing', async () => {
      marketClock(s).set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      const fund = { kind: 'fund', target: 'kabuto-topix', amount: 10_000, account: 'specific', frequency: 'monthly', days: [10] };
      refused(await createPlan(s, u, { ...fund, days: [] }), 400, 'plan_schedule_invalid');
      refused(await createPlan(s, u, { ...fund, frequency: 'weekly', days: [6] }), 400, 'plan_schedule_invalid');
      refused(await createPlan(s, u, { ...fund, frequency: 'daily', days: [1] }), 400, 'plan_schedule_invalid');
      refused(await createPlan(s, u, { ...fund, days: [3, 3] }), 400, 'plan_schedule_invalid');
      refused(await createPlan(s, u, { kind: 'stock', target: CODE, lots: 1, account: 'nisa_tsumitate', frequency: 'monthly', days: [1] }), 400, 'plan_account_not_allowed');
      refused(await createPlan(s, u, { ...fund, target: 'no-such-fund' }), 400, 'plan_target_unknown');
      refused(await createPlan(s, u, { kind: 'stock', target: 'N225', lots: 1, account: 'specific', frequency: 'monthly', days: [1] }), 400, 'plan_target_unknown');
      refused(await createPlan(s, u, { ...fund, amount: undefined }), 400, 'invalid_request', { field: 'amount' });
      refused(await createPlan(s, u, { kind: 'stock', target: CODE, account: 'specific', frequency: 'monthly', days: [1] }), 400, 'invalid_request', { field: 'lots' });
      // No NISA account yet.
      refused(await createPlan(s, u, { ...fund, account: 'nisa_tsumitate' }), 422, 'account_type_unavailable');
      await s.services.database.db
        .insertInto('nisa_application')
        .values({ id: uuidv7(), user_id: u.id, year: 2026, declared_at: TEST_NOW, created_at: TEST_NOW, review_status: 'approved', review_reason: 'test', reviewed_by: null, reviewed_at: TEST_NOW })
        .execute();
      // An active fund with a 購入時手数料 is no つみたて fund; a 毎月分配型 no 成長投資枠 one.
      refused(await createPlan(s, u, { ...fund, target: 'kabuto-active', account: 'nisa_tsumitate' }), 422, 'nisa_not_eligible', { reason: 'not_designated' });
      refused(await createPlan(s, u, { ...fund, target: 'kabuto-monthly-bond', account: 'nisa_growth' }), 422, 'nisa_not_eligible', { reason: 'monthly_distribution' });
      expect(await plansRowsOf(s, u)).toEqual([]);

      // An edit refused leaves the plan as it was.
      const p = await created(s, u, { ...fund, account: 'nisa_tsumitate' });
      refused(await updatePlan(s, u, p.id, { lots: 2 }), 400, 'invalid_request', { field: 'lots' });
      refused(await updatePlan(s, u, p.id, { frequency: 'weekly', days: [7] }), 400, 'plan_schedule_invalid');
      const rows = await plansRowsOf(s, u);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amount: 10_000, frequency: 'monthly', days: '[10]', account_type: 'nisa_tsumitate', status: 'active', next_run: '2026-12-10' });
      // The list: this year's planned NISA payments of the active fund plans (one December run left).
      const list = await plansOf(s, u);
      expect(list.planned).toEqual({ nisa_growth: 0, nisa_tsumitate: 10_000 });
      expect(list.items[0]!.yearRemaining).toBe(10_000);
      expect(list.usage.year).toBe(2026);
    });

    it('moves a run date off holidays, and two days landing on one business day run once', async () => {
      marketClock(s).set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      // 3 and 4 May 2027 are holidays (憲法記念日, みどりの日), 5 May too: both days run on the 6th.
      const p = await created(s, u, { kind: 'fund', target: 'kabuto-topix', amount: 1_000, account: 'specific', frequency: 'monthly', days: [3, 4], startDate: '2027-04-10' });
      expect(p.nextRun).toBe('2027-05-06');
      const d = await created(s, u, { kind: 'fund', target: 'kabuto-topix', amount: 1_000, account: 'specific', frequency: 'monthly', days: [1], startDate: '2026-12-02' });
      expect(d.nextRun).toBe('2027-01-04');
      await planAction(s, u, p.id, 'stop');
      await planAction(s, u, d.id, 'stop');
    });

    it('skips the runs of a restricted account with a records line and a message, never a debt', async () => {
      marketClock(s).set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      const fund = await created(s, u, { kind: 'fund', target: 'kabuto-topix', amount: 10_000, account: 'specific', frequency: 'monthly', days: [1] });
      const stock = await created(s, u, { kind: 'stock', target: CODE, lots: 1, account: 'specific', frequency: 'monthly', days: [1] });
      const state = await s.call('post', `admin/users/${u.id}/state`, { token: s.admin.token, body: { state: 'no_trade', reason: 'plans test restriction' } });
      expect(state.status, JSON.stringify(state.body)).toBe(200);
      const before = await balances(s, u.id);
      await jobsAt(s, '2026-12-01', 10, 0);
      await jobsAt(s, '2026-12-01', 10, 1);
      for (const p of [fund, stock]) {
        const runs = await runsOfPlan(s, p.id);
        expect(runs.map((r) => [r.run_date, r.status, r.reason, r.order_id])).toEqual([['2026-12-01', 'skipped', 'account_restricted', null]]);
        expect((await planOf(s, u, p.id)).nextRun).toBe('2027-01-04');
      }
      const db = s.services.database.db;
      const entries = await db.selectFrom('journal_entry').selectAll().where('user_id', '=', u.id).where('kind', '=', 'plan_skipped').execute();
      expect(entries).toHaveLength(2);
      expect(await db.selectFrom('posting').select('id').where('entry_id', 'in', entries.map((e) => e.id)).execute()).toEqual([]);
      const messages = await db.selectFrom('message').selectAll().where('user_id', '=', u.id).where('kind', '=', 'plan_skipped').execute();
      expect(messages.map((m) => (JSON.parse(m.params_json) as { reason: string }).reason)).toEqual(['account_restricted', 'account_restricted']);
      expect(await balances(s, u.id)).toEqual(before);
      await expectLedgerBalanced(s);
      // The back office's default list: the skipped runs, with the user's phone.
      const res = await s.call('get', 'admin/plans/runs', { token: s.admin.token });
      const items = plansAdminApi.runs.data.parse(dataOf(res.body)).items;
      expect(items.filter((i) => i.userId === u.id).map((i) => [i.phone, i.kind, i.reason])).toEqual(
        expect.arrayContaining([[u.phone, 'fund', 'account_restricted'], [u.phone, 'stock', 'account_restricted']]),
      );
      expect(items.every((i) => i.status === 'skipped')).toBe(true);
    });

    it('skips a run while the fund is suspended, and runs again once it is open', async () => {
      marketClock(s).set(TEST_NOW);
      const u = await trader(s, 1_000_000, { agreed: false });
      const p = await created(s, u, { kind: 'fund', target: 'kabuto-n225', amount: 5_000, account: 'specific', frequency: 'weekly', days: [3] });
      expect(p.nextRun).toBe('2026-11-25');
      const db = s.services.database.db;
      // The back office's suspension (trusts admin), set on the table here.
      await db.updateTable('trust_fund').set({ status: 'suspended' }).where('id', '=', 'kabuto-n225').execute();
      try {
        await jobsAt(s, '2026-11-25', 10, 0);
      } finally {
        await db.updateTable('trust_fund').set({ status: 'open' }).where('id', '=', 'kabuto-n225').execute();
      }
      await jobsAt(s, '2026-12-02', 10, 0);
      const runs = await runsOfPlan(s, p.id);
      expect(runs.map((r) => [r.run_date, r.status, r.reason])).toEqual([['2026-11-25', 'skipped', 'fund_suspended'], ['2026-12-02', 'ordered', null]]);
      expect(JSON.parse(runs[0]!.params!)).toMatchObject({ id: 'trust_suspended', code: 'KB000002' });
      expect((await balances(s, u.id)).frozen).toBe(5_000);
      await planAction(s, u, p.id, 'stop');
      await expectLedgerBalanced(s);
    });

    it('runs a run date once when two job runs race (two instances)', async () => {
      marketClock(s).set(TEST_NOW);
      const users = await Promise.all([0, 1].map(() => trader(s, 1_000_000, { agreed: false })));
      const plans = [];
      for (const u of users) for (let i = 0; i < 5; i++) plans.push(await created(s, u, { kind: 'fund', target: 'kabuto-topix', amount: 1_000 + i, account: 'specific', frequency: 'monthly', days: [3] }));
      expect(new Set(plans.map((p) => p.nextRun))).toEqual(new Set(['2026-12-03']));
      const t = jstMs('2026-12-03', 10, 0, 0);
      marketClock(s).set(t);
      const reports = await Promise.all([s.services.planRunJob.run(t), s.services.planRunJob.run(t), s.services.planRunJob.run(t)]);
      expect(reports.reduce((n, r) => n + r.ordered, 0)).toBe(plans.length);
      for (const p of plans) {
        expect((await runsOfPlan(s, p.id)).map((r) => [r.run_date, r.status])).toEqual([['2026-12-03', 'ordered']]);
        expect(await trustOrdersOfPlan(s, p.id)).toHaveLength(1);
      }
      for (const u of users) for (const p of (await plansOf(s, u)).items) await planAction(s, u, p.id, 'stop');
      await expectLedgerBalanced(s);
    });

    it('lists the runs for the back office with the user’s phone (admin only)', async () => {
      const res = await s.call('get', 'admin/plans/runs?status=all', { token: s.admin.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const items = plansAdminApi.runs.data.parse(dataOf(res.body)).items;
      expect(items.length).toBeGreaterThan(0);
      expect(items[0]!.phone).toMatch(/^0\d+$/);
      const u = await registerUser(s);
      expect((await s.call('get', 'admin/plans/runs', { token: u.token })).status).toBe(403);
    });
  });
}
