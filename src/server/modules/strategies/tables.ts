/**
 * Row shapes of the strategies area's tables (migrations 2026-11-25-011-strategies and
 * 2026-11-27-002-strategy-fee-carry), added to the database's typed schema by interface merging
 * (docs/architecture.md, "The module template"; as ipo/tables.ts), so the area's tables live with the area.
 */
export type StrategyFundTable = {
  id: string;
  kind: string;
  name: string;
  /** Optional names per language (migration 2026-11-29-003); null: the Japanese name is shown. */
  name_en: string | null;
  name_zh_hant: string | null;
  name_ko: string | null;
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

declare module '../../db/schema' {
  interface DB {
    strategy_fund: StrategyFundTable;
    strategy_nav: StrategyNavTable;
    strategy_holding: StrategyHoldingTable;
  }
}
