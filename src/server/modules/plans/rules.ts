/**
 * Pure rules of the 積立 area (docs/domain.md "Investment trusts and 積立"): which refusal of an order
 * makes a run a skip and under which reason, and a plan's schedule as the shared rules take it.
 */
import type { PlanSchedule, PlanFrequency, PlanSkipReason } from '../../../shared/domain/plan';
import type { DomainError } from '../../errors';

/** The schedule stored on a plan row (days as JSON). */
export function scheduleOf(row: { frequency: string; days: string }): PlanSchedule {
  return { frequency: row.frequency as PlanFrequency, days: JSON.parse(row.days) as number[] };
}

const CASH = new Set(['balance_insufficient', 'balance_insufficient_margin', 'buying_power_insufficient', 'insufficient_cash', 'shortfall_outstanding']);
const ROOM = new Set(['nisa_limit_exceeded']);
const SUSPENDED = new Set(['trust_suspended', 'trust_fund_suspended']);
const ELIGIBLE = new Set(['nisa_not_eligible', 'nisa_tsumitate_plan_only', 'account_type_unavailable']);
const UNTRADABLE = new Set(['product_not_found', 'price_unavailable', 'stock_halted', 'not_trading_time', 'trading_halted']);

/**
 * The skip reason of a typed refusal of a run's order. A refusal of the account's state (forbidden)
 * is `account_restricted`; any other typed refusal is `order_refused` with its id in the params.
 */
export function skipReasonOf(err: DomainError, kind: 'fund' | 'stock'): PlanSkipReason {
  const id = err.messageId as string;
  if (err.kind === 'forbidden') return 'account_restricted';
  if (CASH.has(id)) return 'insufficient_cash';
  if (ROOM.has(id)) return 'nisa_room';
  if (SUSPENDED.has(id)) return 'fund_suspended';
  if (ELIGIBLE.has(id)) return 'not_eligible';
  if (kind === 'stock' && UNTRADABLE.has(id)) return 'stock_untradable';
  return 'order_refused';
}
