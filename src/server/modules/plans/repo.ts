/**
 * All SQL of the 積立 area (docs/architecture.md "The module template"): plans, their runs, and the
 * hot reads by table name a plan needs of other areas (the fund catalogue row, the NISA account's
 * state, the user's phone and state) — decision 022.
 */
import type { Executor } from '../../db/executor';
import type { InvestPlanTable, PlanRunTable } from './tables';

export type PlanRow = InvestPlanTable;
export type RunRow = PlanRunTable;

export async function insertPlan(db: Executor, row: PlanRow): Promise<void> {
  await db.insertInto('invest_plan').values(row).execute();
}

export async function findPlan(db: Executor, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('invest_plan').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function plansOf(db: Executor, userId: string): Promise<PlanRow[]> {
  return db.selectFrom('invest_plan').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function updatePlan(db: Executor, id: string, patch: Partial<Omit<PlanRow, 'id' | 'user_id' | 'kind' | 'target' | 'created_at'>>): Promise<void> {
  await db.updateTable('invest_plan').set(patch).where('id', '=', id).execute();
}

/** Active plans with a run due on or before `today` (index invest_plan_due). */
export async function duePlans(db: Executor, today: string): Promise<PlanRow[]> {
  return db
    .selectFrom('invest_plan')
    .selectAll()
    .where('status', '=', 'active')
    .where('next_run', '<=', today)
    .orderBy('next_run')
    .orderBy('id')
    .execute();
}

/**
 * Moves an active plan's next run on after a run date was done, unless the plan changed meanwhile
 * (paused, stopped, or already moved by another instance).
 */
export async function advancePlan(db: Executor, id: string, from: string, to: string, at: number): Promise<void> {
  await db.updateTable('invest_plan').set({ next_run: to, updated_at: at }).where('id', '=', id).where('status', '=', 'active').where('next_run', '=', from).execute();
}

/** Inserts a run; false when the (plan, run date) has one already (UNIQUE plan_run_once). */
export async function insertRun(db: Executor, row: RunRow): Promise<boolean> {
  const res = await db
    .insertInto('plan_run')
    .values(row)
    .onConflict((oc) => oc.columns(['plan_id', 'run_date']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function findRun(db: Executor, planId: string, runDate: string): Promise<RunRow | undefined> {
  return db.selectFrom('plan_run').selectAll().where('plan_id', '=', planId).where('run_date', '=', runDate).executeTakeFirst();
}

export async function setRunOrder(db: Executor, id: string, orderId: string): Promise<void> {
  await db.updateTable('plan_run').set({ order_id: orderId }).where('id', '=', id).execute();
}

/** A plan's runs newest first, keyset-paged by (run_date, id). */
export async function runsOf(db: Executor, planId: string, cursor: { runDate: string; id: string } | null, limit: number): Promise<RunRow[]> {
  let q = db.selectFrom('plan_run').selectAll().where('plan_id', '=', planId);
  if (cursor) q = q.where((eb) => eb.or([eb('run_date', '<', cursor.runDate), eb.and([eb('run_date', '=', cursor.runDate), eb('id', '<', cursor.id)])]));
  return q.orderBy('run_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The latest runs of several plans (up to `per` each), newest first. */
export async function latestRuns(db: Executor, planIds: readonly string[], per: number): Promise<Map<string, RunRow[]>> {
  const out = new Map<string, RunRow[]>();
  if (planIds.length === 0) return out;
  const rows = await db.selectFrom('plan_run').selectAll().where('plan_id', 'in', planIds).orderBy('run_date', 'desc').orderBy('id', 'desc').execute();
  for (const r of rows) {
    const list = out.get(r.plan_id) ?? [];
    if (list.length < per) list.push(r);
    out.set(r.plan_id, list);
  }
  return out;
}

export type AdminRunRow = RunRow & { phone: string; kind: string; target: string };

/** Every user's runs for the back office, newest first (created_at, id), optionally only the skipped. */
export async function adminRuns(db: Executor, skippedOnly: boolean, cursor: { at: number; id: string } | null, limit: number): Promise<AdminRunRow[]> {
  let q = db
    .selectFrom('plan_run as r')
    .innerJoin('invest_plan as p', 'p.id', 'r.plan_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.phone as phone', 'p.kind as kind', 'p.target as target']);
  if (skippedOnly) q = q.where('r.status', '=', 'skipped');
  if (cursor) q = q.where((eb) => eb.or([eb('r.created_at', '<', cursor.at), eb.and([eb('r.created_at', '=', cursor.at), eb('r.id', '<', cursor.id)])]));
  return q.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
}

/** The fund catalogue row a plan needs (trust_fund, read by table name: decision 022). */
export async function fundRow(db: Executor, id: string) {
  return db.selectFrom('trust_fund').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function fundRows(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('trust_fund').selectAll().where('id', 'in', ids).execute();
}

/** The user as a background run acts for them: id, phone and account state. */
export async function userRow(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id', 'phone', 'state']).where('id', '=', userId).executeTakeFirst();
}
