/**
 * 積立 plans' use cases (docs/domain.md "Investment trusts and 積立"): create, edit, pause / resume /
 * stop, the list with this year's NISA room used by plans, a plan's runs, and the back office's runs.
 * Schedules are the shared rules' (src/shared/domain/plan.ts), so the next run on screen is the
 * date the plan job runs.
 */
import type { Transaction } from 'kysely';
import { uuidv7 } from 'uuidv7';
import type { DB } from '../../db/schema';
import type { Database } from '../../db/database';
import type { Executor } from '../../db/executor';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger';
import type { MarketDataSource } from '../../market';
import type { AuthUser } from '../../auth/principal';
import { invalid, notFound, ruleBroken } from '../../errors';
import { addDays, jstDate, jstYear, type IsoDate } from '../../../shared/market';
import { displayName } from '../../../shared/market/local-names';
import { isNisa, type AccountType } from '../../../shared/domain/account-type';
import { trustAccountRefusal } from '../../../shared/domain/trust';
import { nextRunDate, PLAN_ACCOUNTS, runDatesBetween, scheduleProblem, type PlanKind, type PlanSchedule } from '../../../shared/domain/plan';
import type { PlanCreateBody, PlanRunAdminItem, PlanRunView, PlanUpdateBody, PlanView, PlansList } from '../../../shared/api/plans';
import type { TrustNames } from '../../../shared/api/trusts';
import { nisaUsageOf, tradableStock, userAccounts } from '../trade';
import { factsOf, namesOf } from '../trusts';
import { scheduleOf } from './rules';
import {
  adminRuns, findPlan, findRun, fundRow, fundRows, insertPlan, latestRuns, plansOf, runsOf, updatePlan,
  type PlanRow, type RunRow,
} from './repo';

type FundRow = NonNullable<Awaited<ReturnType<typeof fundRow>>>;

export interface PlansCtx {
  database: Database;
  /** The market clock: plans run on trading days at the market's time. */
  clock: Clock;
  ledger: Ledger;
  market: MarketDataSource;
}


/**
 * A plan's next run: the first run date on or after max(today, start), after today when today's
 * run is done already (a plan_run row exists for it).
 */
export async function nextRunOf(db: Executor, plan: Pick<PlanRow, 'id' | 'frequency' | 'days' | 'start_date'>, today: IsoDate): Promise<IsoDate> {
  const s = scheduleOf(plan);
  const from = plan.start_date > today ? (plan.start_date as IsoDate) : today;
  const next = nextRunDate(s, from);
  if (next === today && (await findRun(db, plan.id, today))) return nextRunDate(s, addDays(today, 1));
  return next;
}

/** What the runs left this Tokyo year will pay (fund plans that are active), else 0. */
function yearRemainingOf(plan: PlanRow, year: number): number {
  if (plan.status !== 'active' || !plan.next_run || plan.amount === null) return 0;
  if (Number(plan.next_run.slice(0, 4)) > year) return 0;
  return plan.amount * runDatesBetween(scheduleOf(plan), plan.next_run as IsoDate, `${year}-12-31` as IsoDate).length;
}

export function runView(r: RunRow): PlanRunView {
  return {
    runDate: r.run_date,
    status: r.status as PlanRunView['status'],
    reason: (r.reason ?? null) as PlanRunView['reason'],
    params: r.params ? (JSON.parse(r.params) as Record<string, unknown>) : null,
    orderId: r.order_id,
    amount: r.amount,
    createdAt: r.created_at,
  };
}

const cursorParts = (c: string | undefined) => {
  if (!c) return null;
  const i = c.indexOf('|');
  return i < 0 ? null : { a: c.slice(0, i), b: c.slice(i + 1) };
};

export class PlanService {
  constructor(
    private readonly ctx: PlansCtx,
    /** The fund catalogue exists before the trusts job's first run (a plan may be the first thing a new install does). */
    private readonly catalogue: { ensureCatalogue(): Promise<void> },
  ) {}

  /** The stock's or fund's names and code for a plan's view. */
  private targetOf(kind: string, target: string, funds: Map<string, FundRow>): { names: TrustNames; code: string } {
    if (kind === 'fund') {
      const f = funds.get(target);
      return f ? { names: namesOf(f), code: f.code } : { names: { ja: target, en: target, zhHant: target, ko: target }, code: target };
    }
    const inst = this.ctx.market.instrument(target);
    const i = { code: target, nameJa: inst?.nameJa ?? null, nameEn: inst?.nameEn ?? null };
    return { names: { ja: displayName(i, 'ja'), en: displayName(i, 'en'), zhHant: displayName(i, 'zh-Hant'), ko: displayName(i, 'ko') }, code: target };
  }

  private async views(db: Executor, plans: PlanRow[], now: number): Promise<PlanView[]> {
    const funds = new Map((await fundRows(db, [...new Set(plans.filter((p) => p.kind === 'fund').map((p) => p.target))])).map((f) => [f.id, f]));
    const runs = await latestRuns(db, plans.map((p) => p.id), 5);
    const year = jstYear(now);
    return plans.map((p) => ({
      id: p.id,
      kind: p.kind as PlanKind,
      target: p.target,
      ...this.targetOf(p.kind, p.target, funds),
      amount: p.amount,
      lots: p.lots,
      account: p.account_type as AccountType,
      frequency: scheduleOf(p).frequency,
      days: scheduleOf(p).days.slice(),
      status: p.status as PlanView['status'],
      startDate: p.start_date,
      nextRun: p.next_run,
      createdAt: p.created_at,
      yearRemaining: p.kind === 'fund' ? yearRemainingOf(p, year) : null,
      recentRuns: (runs.get(p.id) ?? []).map(runView),
    }));
  }

  private async view(db: Executor, plan: PlanRow, now: number): Promise<PlanView> {
    return (await this.views(db, [plan], now))[0]!;
  }

  /**
   * The checks of a plan's terms (create and edit alike): the schedule, the account type for the
   * kind (and that the user has it), the target, the amount or 単元, NISA eligibility.
   */
  private async check(db: Executor, userId: string, p: { kind: PlanKind; target: string; amount: number | null; lots: number | null; account: AccountType; schedule: PlanSchedule }): Promise<void> {
    if (scheduleProblem(p.schedule)) throw invalid('plan_schedule_invalid', { field: 'days' });
    if (!PLAN_ACCOUNTS[p.kind].includes(p.account)) throw invalid('plan_account_not_allowed', { account: p.account, kind: p.kind });
    // The account must be open: NISA once its application is approved; 特定 unless the user chose 一般 only.
    if (!(await userAccounts(db, userId)).includes(p.account)) throw ruleBroken('account_type_unavailable', { account: p.account });
    if (p.kind === 'fund') {
      if (p.amount === null) throw invalid('invalid_request', { field: 'amount' });
      if (p.lots !== null) throw invalid('invalid_request', { field: 'lots' });
      const f = await fundRow(db, p.target);
      if (!f) throw invalid('plan_target_unknown', { target: p.target });
      const refusal = trustAccountRefusal(factsOf(f), p.account);
      if (refusal) throw ruleBroken('nisa_not_eligible', { reason: refusal, account: p.account, code: f.code });
    } else {
      if (p.lots === null) throw invalid('invalid_request', { field: 'lots' });
      if (p.amount !== null) throw invalid('invalid_request', { field: 'amount' });
      try {
        tradableStock(this.ctx.market, p.target);
      } catch {
        throw invalid('plan_target_unknown', { target: p.target });
      }
    }
  }

  private async owned(db: Executor, userId: string, id: string): Promise<PlanRow> {
    const plan = await findPlan(db, id);
    if (!plan || plan.user_id !== userId) throw notFound('plan_not_found');
    return plan;
  }

  /** Idempotent (Idempotency-Key) like every command of the contract's `idempotent: true`, though no money moves. */
  private once<T>(user: AuthUser, key: string, op: string, request: Record<string, unknown>, fn: (trx: Transaction<DB>, now: number) => Promise<T>): Promise<T> {
    return this.ctx.ledger.withIdempotency(user.id, key, { op, ...request }, (trx) => fn(trx, this.ctx.clock.now()));
  }

  /** The user's plans, this year's NISA usage, and what the active fund plans will still pay into each frame this year. */
  async list(userId: string): Promise<PlansList> {
    const db = this.ctx.database.db;
    const now = this.ctx.clock.now();
    const plans = await plansOf(db, userId);
    const year = jstYear(now);
    const planned = { nisa_growth: 0, nisa_tsumitate: 0 };
    for (const p of plans) if (p.kind === 'fund' && isNisa(p.account_type)) planned[p.account_type] += yearRemainingOf(p, year);
    return { items: await this.views(db, plans, now), usage: await nisaUsageOf(db, userId, now), planned };
  }

  async create(user: AuthUser, body: PlanCreateBody, key: string): Promise<PlanView> {
    await this.catalogue.ensureCatalogue();
    return this.once(user, key, 'plans.create', body, async (trx, now) => {
      const schedule: PlanSchedule = { frequency: body.frequency, days: body.days };
      const amount = body.amount ?? null;
      const lots = body.lots ?? null;
      await this.check(trx, user.id, { kind: body.kind, target: body.target, amount, lots, account: body.account, schedule });
      const today = jstDate(now);
      const start = body.startDate && body.startDate > today ? body.startDate : today;
      const id = uuidv7();
      const row: PlanRow = {
        id, user_id: user.id, kind: body.kind, target: body.target, amount, lots, account_type: body.account,
        frequency: body.frequency, days: JSON.stringify(body.days), status: 'active', start_date: start, next_run: null,
        created_at: now, updated_at: now,
      };
      row.next_run = await nextRunOf(trx, row, today);
      await insertPlan(trx, row);
      return this.view(trx, row, now);
    });
  }

  /** Edits apply from the next run; a new schedule moves the next run. A stopped plan is kept as it ended. */
  update(user: AuthUser, id: string, body: PlanUpdateBody, key: string): Promise<PlanView> {
    return this.once(user, key, 'plans.update', { id, ...body }, async (trx, now) => {
      const plan = await this.owned(trx, user.id, id);
      if (plan.status === 'stopped') throw ruleBroken('plan_stopped');
      const old = scheduleOf(plan);
      const schedule: PlanSchedule = { frequency: body.frequency ?? old.frequency, days: body.days ?? (body.frequency && body.frequency !== old.frequency ? [] : old.days) };
      const kind = plan.kind as PlanKind;
      const next: PlanRow = {
        ...plan,
        amount: kind === 'fund' ? (body.amount ?? plan.amount) : plan.amount,
        lots: kind === 'stock' ? (body.lots ?? plan.lots) : plan.lots,
        account_type: body.account ?? plan.account_type,
        frequency: schedule.frequency,
        days: JSON.stringify(schedule.days),
        updated_at: now,
      };
      if (kind === 'fund' && body.lots !== undefined) throw invalid('invalid_request', { field: 'lots' });
      if (kind === 'stock' && body.amount !== undefined) throw invalid('invalid_request', { field: 'amount' });
      await this.check(trx, user.id, { kind, target: plan.target, amount: next.amount, lots: next.lots, account: next.account_type as AccountType, schedule });
      if (plan.status === 'active') next.next_run = await nextRunOf(trx, next, jstDate(now));
      await updatePlan(trx, id, { amount: next.amount, lots: next.lots, account_type: next.account_type, frequency: next.frequency, days: next.days, next_run: next.next_run, updated_at: now });
      return this.view(trx, next, now);
    });
  }

  /** Pause (no runs until resumed), resume (from the next run date on or after today), stop (for good). */
  setStatus(user: AuthUser, id: string, action: 'pause' | 'resume' | 'stop', key: string): Promise<PlanView> {
    return this.once(user, key, 'plans.status', { id, action }, async (trx, now) => {
      const plan = await this.owned(trx, user.id, id);
      if (plan.status === 'stopped' && action !== 'stop') throw ruleBroken('plan_stopped');
      let next: PlanRow = plan;
      if (action === 'pause' && plan.status === 'active') next = { ...plan, status: 'paused', next_run: null, updated_at: now };
      if (action === 'stop' && plan.status !== 'stopped') next = { ...plan, status: 'stopped', next_run: null, updated_at: now };
      if (action === 'resume' && plan.status === 'paused') {
        // The plan's terms are checked again: the fund may have lost its eligibility, the NISA account closed.
        await this.check(trx, user.id, {
          kind: plan.kind as PlanKind, target: plan.target, amount: plan.amount, lots: plan.lots, account: plan.account_type as AccountType, schedule: scheduleOf(plan),
        });
        next = { ...plan, status: 'active', updated_at: now };
        next.next_run = await nextRunOf(trx, next, jstDate(now));
      }
      if (next !== plan) await updatePlan(trx, id, { status: next.status, next_run: next.next_run, updated_at: now });
      return this.view(trx, next, now);
    });
  }

  async runs(userId: string, id: string, q: { cursor?: string; limit: number }): Promise<{ items: PlanRunView[]; next: string | null }> {
    const db = this.ctx.database.db;
    await this.owned(db, userId, id);
    const c = cursorParts(q.cursor);
    const rows = await runsOf(db, id, c ? { runDate: c.a, id: c.b } : null, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return { items: page.map(runView), next: rows.length > q.limit && last ? `${last.run_date}|${last.id}` : null };
  }

  /** The back office's plan runs (default: the skipped ones), with the user's phone. */
  async adminRuns(q: { status: 'skipped' | 'all'; cursor?: string; limit: number }): Promise<{ items: PlanRunAdminItem[]; next: string | null }> {
    const c = cursorParts(q.cursor);
    const cursor = c && Number.isSafeInteger(Number(c.a)) ? { at: Number(c.a), id: c.b } : null;
    const rows = await adminRuns(this.ctx.database.db, q.status === 'skipped', cursor, q.limit + 1);
    const page = rows.slice(0, q.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => ({ ...runView(r), id: r.id, planId: r.plan_id, userId: r.user_id, phone: r.phone, kind: r.kind as PlanKind, target: r.target })),
      next: rows.length > q.limit && last ? `${last.created_at}|${last.id}` : null,
    };
  }
}
