/**
 * Row shapes of the 積立 area's tables (migration 2026-12-01-001-trusts-and-plans), added to the
 * database's typed schema by interface merging (docs/decisions/022).
 */
export interface InvestPlanTable {
  id: string;
  user_id: string;
  /** 'fund' | 'stock'. */
  kind: string;
  /** Fund id or stock code. */
  target: string;
  /** Fund plans: yen per run. */
  amount: number | null;
  /** Stock plans: 単元 per run. */
  lots: number | null;
  account_type: string;
  /** 'monthly' | 'weekly' | 'daily'. */
  frequency: string;
  /** JSON number[]: days of month (monthly) or the weekday 1–5 (weekly); [] for daily. */
  days: string;
  /** 'active' | 'paused' | 'stopped'. */
  status: string;
  start_date: string;
  /** The next run date (null when paused or stopped). */
  next_run: string | null;
  created_at: number;
  updated_at: number;
}

export interface PlanRunTable {
  id: string;
  plan_id: string;
  user_id: string;
  run_date: string;
  /** 'ordered' | 'skipped'. */
  status: string;
  /** Skip reason id (PlanSkipReason). */
  reason: string | null;
  /** JSON params of the reason (e.g. {needed, available}). */
  params: string | null;
  /** trust_order id (fund plans) or trade_position id (stock plans). */
  order_id: string | null;
  amount: number | null;
  created_at: number;
}

declare module '../../db/schema' {
  interface DB {
    invest_plan: InvestPlanTable;
    plan_run: PlanRunTable;
  }
}
