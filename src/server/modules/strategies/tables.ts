/**
 * The strategies area's tables (migration 2026-11-25-011-strategies), kept beside the module: the
 * area reaches them through `withStrategyTables(db)` so the shared schema file stays untouched.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export type StrategyFundTable = {
  id: string;
  kind: string;
  name: string;
  rule: string;
  params_json: string;
  model: string | null;
  status: string;
  min_amount: number;
  lock_days: number;
  fee_bp: number;
  follow_until: string | null;
  started_on: string;
  units: number;
  fee_accrued: number;
  rebalanced_on: string | null;
  ended_on: string | null;
  created_at: number;
  updated_at: number;
};

export type StrategyNavTable = {
  fund_id: string;
  date: string;
  nav: number;
  units: number;
  cash: number;
  positions_value: number;
  fee_accrued: number;
  fee: number;
  subscribed: number;
  redeemed: number;
  created_at: number;
};

export type StrategyHoldingTable = {
  id: string;
  fund_id: string;
  user_id: string;
  status: string;
  amount: number;
  units: number;
  fee_bp: number;
  /** The running fee total's remainder below one unit (unit × bp × days; rules.ts feeUnitsFor). */
  fee_carry: number;
  requested_at: number;
  subscribed_on: string | null;
  strike_nav: number | null;
  locked_until: string | null;
  redeem_requested_at: number | null;
  payout: number | null;
  ended_on: string | null;
  updated_at: number;
};

export type StrategyTables = {
  strategy_fund: StrategyFundTable;
  strategy_nav: StrategyNavTable;
  strategy_holding: StrategyHoldingTable;
};

export type SDB = Kysely<DB & StrategyTables>;

export function withStrategyTables(db: Kysely<DB>): SDB {
  return db.withTables<StrategyTables>();
}

export type FundRow = StrategyFundTable;
export type NavRow = StrategyNavTable;
export type HoldingRow = StrategyHoldingTable;
