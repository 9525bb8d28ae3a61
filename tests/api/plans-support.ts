/**
 * Helpers of the 積立 plan tests (issue 39, docs/domain.md "Investment trusts and 積立"): plans made,
 * edited and listed through the API, the due jobs run on the test clock, the NISA account opened on
 * the table (the tax-account area's API is tested there), and the rows a run leaves.
 */
import { expect } from 'vitest';
import { uuidv7 } from 'uuidv7';
import type {} from '../../src/server/modules/plans/tables';
import type {} from '../../src/server/modules/trusts/tables';
import type {} from '../../src/server/modules/tax-account/tables';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import type { Dialect } from '../../src/server/db/capabilities';
import { ManualClock } from '../../src/server/clock';
import { planView, plansList, type PlanView, type PlansList } from '../../src/shared/api/plans';
import { jstMs, type IsoDate } from '../../src/shared/market';
import { dataOf } from './trade-support';

export const createPlan = (s: TestServer, u: TestUser, body: Record<string, unknown>, key: string = uuidv7()) =>
  s.call('post', 'plans', { token: u.token, body, headers: { 'Idempotency-Key': key } });

export async function created(s: TestServer, u: TestUser, body: Record<string, unknown>): Promise<PlanView> {
  const res = await createPlan(s, u, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The answer as the contract states it (also checked by the test client once the endpoint is registered).
  return planView.parse(dataOf(res.body));
}

/** A plan command's answer, as the contract states it. */
export const viewOf = (res: { body: unknown }): PlanView => planView.parse(dataOf(res.body as never));

export const updatePlan = (s: TestServer, u: TestUser, id: string, body: Record<string, unknown>) =>
  s.call('post', `plans/${id}`, { token: u.token, body, headers: { 'Idempotency-Key': uuidv7() } });

export const planAction = (s: TestServer, u: TestUser, id: string, action: 'pause' | 'resume' | 'stop') =>
  s.call('post', `plans/${id}/status`, { token: u.token, body: { action }, headers: { 'Idempotency-Key': uuidv7() } });

export async function plansOf(s: TestServer, u: TestUser): Promise<PlansList> {
  const res = await s.call('get', 'plans', { token: u.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return plansList.parse(dataOf(res.body));
}

export async function planOf(s: TestServer, u: TestUser, id: string): Promise<PlanView> {
  const p = (await plansOf(s, u)).items.find((i) => i.id === id);
  expect(p, id).toBeDefined();
  return p!;
}

/**
 * A test server whose market (domain) clock is its own: the plans' months pass on it while sessions
 * run on the wall clock and do not expire with the jumps.
 */
export async function startPlansServer(dialect: Dialect): Promise<TestServer> {
  return startTestServer({ dialect, marketClock: new ManualClock(TEST_NOW) });
}

/** The domain (market) clock of a startPlansServer server. */
export const marketClock = (s: TestServer) => s.services.marketClock as ManualClock;

/** Moves the market clock to `t` (Tokyo wall time on `date`) and runs every due job there. */
export async function jobsAt(s: TestServer, date: IsoDate, hh: number, mm = 0) {
  const t = jstMs(date, hh, mm, 0);
  marketClock(s).set(t);
  return s.services.jobs.runDue(t);
}

/** An approved NISA application, decided on the table (the tax-account API is tested elsewhere). */
export async function openNisa(s: TestServer, u: TestUser) {
  const now = marketClock(s).now();
  await s.services.database.db
    .insertInto('nisa_application')
    .values({ id: uuidv7(), user_id: u.id, year: new Date(now + 9 * 3_600_000).getUTCFullYear(), declared_at: now, created_at: now, review_status: 'approved', review_reason: 'test', reviewed_by: null, reviewed_at: now })
    .execute();
}

export const runsOfPlan = (s: TestServer, planId: string) =>
  s.services.database.db.selectFrom('plan_run').selectAll().where('plan_id', '=', planId).orderBy('run_date').execute();

export const trustOrdersOfPlan = (s: TestServer, planId: string) =>
  s.services.database.db.selectFrom('trust_order').selectAll().where('plan_id', '=', planId).orderBy('nav_date').execute();

export const plansRowsOf = (s: TestServer, u: TestUser) =>
  s.services.database.db.selectFrom('invest_plan').selectAll().where('user_id', '=', u.id).execute();

/** A refusal's envelope: the HTTP status and the message id (and params when given). */
export function refused(res: { status: number; body: unknown }, status: number, msg: string, params?: object) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({ status: 0, msg, ...(params ? { params } : {}) });
}
