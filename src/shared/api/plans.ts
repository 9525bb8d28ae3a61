import { z } from 'zod';
import { endpoint } from './endpoint';
import { ACCOUNT_TYPES } from '../domain/account-type';
import { PLAN_FREQUENCIES, PLAN_KINDS, PLAN_LIMITS, PLAN_SKIP_REASONS, PLAN_STATUSES } from '../domain/plan';
import { nisaUsage } from './tax-account';
import { trustNames } from './trusts';

/*
 * 積立 plans (docs/domain.md "Investment trusts and 積立"): a fund by amount or a stock by 単元, monthly on
 * chosen days, weekly or every business day, in one account type; each run date runs once, or is
 * skipped with a reason (no cash, no NISA room, a suspended fund, a halted stock) and never makes a debt.
 */

const int = z.number().int();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const idParam = z.object({ id: z.string().min(1).max(80) });

export const planRunView = z.object({
  runDate: isoDate,
  status: z.enum(['ordered', 'skipped']),
  reason: z.enum(PLAN_SKIP_REASONS).nullable(),
  params: z.record(z.string(), z.unknown()).nullable(),
  /** The trust order (fund plans) or trade order (stock plans) the run placed. */
  orderId: z.string().nullable(),
  amount: int.nullable(),
  createdAt: int,
});
export type PlanRunView = z.infer<typeof planRunView>;

export const planView = z.object({
  id: z.string(),
  kind: z.enum(PLAN_KINDS),
  /** Fund id or stock code. */
  target: z.string(),
  /** Fund plans: the fund's names and code; stock plans: the stock's Japanese and English names (the client localizes by code). */
  names: trustNames,
  code: z.string(),
  amount: int.nullable(),
  lots: int.nullable(),
  account: z.enum(ACCOUNT_TYPES),
  frequency: z.enum(PLAN_FREQUENCIES),
  days: z.array(int),
  status: z.enum(PLAN_STATUSES),
  startDate: isoDate,
  nextRun: isoDate.nullable(),
  createdAt: int,
  /** Fund plans: what the runs left this Tokyo year will pay (null for stock plans, priced at the fill). */
  yearRemaining: int.nullable(),
  /** The latest runs, newest first (up to 5). */
  recentRuns: z.array(planRunView),
});
export type PlanView = z.infer<typeof planView>;

const schedule = {
  frequency: z.enum(PLAN_FREQUENCIES),
  days: z.array(int.min(1).max(28)).max(PLAN_LIMITS.maxMonthDays),
};

export const planCreateBody = z.object({
  kind: z.enum(PLAN_KINDS),
  target: z.string().min(1).max(80),
  amount: int.min(PLAN_LIMITS.minAmount).max(PLAN_LIMITS.maxAmount).optional(),
  lots: int.min(PLAN_LIMITS.minLots).max(PLAN_LIMITS.maxLots).optional(),
  account: z.enum(ACCOUNT_TYPES),
  ...schedule,
  /** The first day a run may fall on (default: today). */
  startDate: isoDate.optional(),
});
export type PlanCreateBody = z.infer<typeof planCreateBody>;

export const planUpdateBody = z.object({
  amount: int.min(PLAN_LIMITS.minAmount).max(PLAN_LIMITS.maxAmount).optional(),
  lots: int.min(PLAN_LIMITS.minLots).max(PLAN_LIMITS.maxLots).optional(),
  account: z.enum(ACCOUNT_TYPES).optional(),
  frequency: schedule.frequency.optional(),
  days: schedule.days.optional(),
});
export type PlanUpdateBody = z.infer<typeof planUpdateBody>;

export const plansList = z.object({
  items: z.array(planView),
  /** This Tokyo year's NISA room (as on the NISA screen) and what active fund plans will still pay into each frame. */
  usage: nisaUsage,
  planned: z.object({ nisa_growth: int, nisa_tsumitate: int }),
});
export type PlansList = z.infer<typeof plansList>;

export const plansApi = {
  list: endpoint({
    method: 'get', path: 'plans', tag: 'plans', auth: 'user',
    summary: 'My 積立 plans with their next run, latest runs and this year’s NISA room used by plans',
    data: plansList,
  }),
  create: endpoint({
    method: 'post', path: 'plans', tag: 'plans', auth: 'user', idempotent: true,
    summary: 'Start a 積立 plan: a fund by amount (from ¥100) or a stock by 単元, on a schedule, in one account type',
    body: planCreateBody, data: planView,
  }),
  update: endpoint({
    method: 'post', path: 'plans/{id}', tag: 'plans', auth: 'user', idempotent: true,
    summary: 'Edit a plan’s amount, 単元, account type or schedule (from the next run)',
    params: idParam, body: planUpdateBody, data: planView,
  }),
  status: endpoint({
    method: 'post', path: 'plans/{id}/status', tag: 'plans', auth: 'user', idempotent: true,
    summary: 'Pause, resume or stop a plan (a stopped plan stays listed and never runs again)',
    params: idParam, body: z.object({ action: z.enum(['pause', 'resume', 'stop']) }), data: planView,
  }),
  runs: endpoint({
    method: 'get', path: 'plans/{id}/runs', tag: 'plans', auth: 'user',
    summary: 'Every run of a plan, newest first',
    params: idParam,
    query: z.object({ cursor: z.string().max(80).optional(), limit: z.coerce.number().int().min(1).max(100).default(30) }),
    data: z.object({ items: z.array(planRunView), next: z.string().nullable() }),
  }),
};

export const planRunAdminItem = planRunView.extend({
  id: z.string(),
  planId: z.string(),
  userId: z.string(),
  phone: z.string(),
  kind: z.enum(PLAN_KINDS),
  target: z.string(),
});
export type PlanRunAdminItem = z.infer<typeof planRunAdminItem>;

export const plansAdminApi = {
  runs: endpoint({
    method: 'get', path: 'admin/plans/runs', tag: 'admin', auth: 'admin',
    summary: '積立 plan runs, newest first (default: the skipped ones), for following up failures',
    query: z.object({ status: z.enum(['skipped', 'all']).default('skipped'), cursor: z.string().max(80).optional(), limit: z.coerce.number().int().min(1).max(100).default(30) }),
    data: z.object({ items: z.array(planRunAdminItem), next: z.string().nullable() }),
  }),
};
