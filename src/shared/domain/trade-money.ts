/**
 * The money arithmetic of trading (docs/decisions/004-trading-money-model.md), shared so the order
 * ticket previews exactly what the server will post. All integers; fees, tax and interest round
 * down (in the user's favour, docs/architecture.md "The money model"); what the user must put up rounds up.
 */
import { mulDivDown, mulDivUp, taxDown } from '../money';
import { LEVERAGE_SCALE, type Direction } from './position';

export const FEE_SCHEDULES = ['zero', 'reference'] as const;
export type FeeSchedule = (typeof FEE_SCHEDULES)[number];

/**
 * docs/tse-rules.md "Money rules": the older per-trade table (tax included), yen per execution by
 * contract value up to and including the edge. 'zero' is today's large online brokers.
 */
export const REFERENCE_FEES: ReadonlyArray<readonly [number, number]> = [
  [50_000, 55],
  [100_000, 99],
  [200_000, 115],
  [500_000, 275],
  [1_000_000, 535],
  [1_500_000, 640],
  [30_000_000, 1_013],
  [Number.POSITIVE_INFINITY, 1_070],
];

/** Commission for one execution (opening or closing) of `contractValue` yen. */
export function tradeFee(contractValue: number, schedule: FeeSchedule): number {
  if (schedule === 'zero' || contractValue <= 0) return 0;
  for (const [edge, fee] of REFERENCE_FEES) if (contractValue <= edge) return fee;
  return REFERENCE_FEES[REFERENCE_FEES.length - 1]![1];
}

/** docs/tse-rules.md: 20.315% (income 15% + reconstruction 0.315% + local 5%). */
export const CAPITAL_GAINS_TAX_RATE = '0.20315';
/** The national (15.315%) and local (5%) parts, each withheld and rounded down on its own (docs/decisions/009-trading-money-conventions.md). */
export const NATIONAL_TAX_RATE = '0.15315';
export const LOCAL_TAX_RATE = '0.05';

/** Tax due on a year's net realized gain (nothing on a net loss): 15.315% + 5%, each rounded down. */
export function capitalGainsTax(netGain: number): number {
  return taxDown(netGain, NATIONAL_TAX_RATE) + taxDown(netGain, LOCAL_TAX_RATE);
}

/** Tax withheld from a dividend: the same two parts, each rounded down. */
export function dividendTax(gross: number): number {
  return capitalGainsTax(gross);
}

/** Yen value of `qty` shares at a scaled price (exact for whole lots; rounded down otherwise). */
export function contractValue(price: number, qty: number, priceScale: number): number {
  return mulDivDown(price, qty, priceScale);
}

/** The user's own money in a position: contract value ÷ leverage, rounded up to the yen. */
export function principalFor(value: number, leverageTenths: number): number {
  return mulDivUp(value, LEVERAGE_SCALE, leverageTenths);
}

/** Gross profit (+) or loss (−) in yen; fractions of a yen go toward zero. */
export function positionPnl(direction: Direction, entry: number, exit: number, qty: number, priceScale: number): number {
  const perShare = direction === 'up' ? exit - entry : entry - exit;
  const raw = mulDivDown(Math.abs(perShare), qty, priceScale);
  return perShare < 0 && raw !== 0 ? -raw : raw; // never −0
}

/**
 * Gross P/L of `qty` shares held at a cost of `cost` yen (the contract value at entry), valued at
 * `exit`. The cost, not the entry price, is the basis, so a split (more shares, a lower price, the
 * same cost) leaves P/L exact even when the adjusted entry price is not a whole tick.
 */
export function pnlFromCost(direction: Direction, cost: number, exit: number, qty: number, priceScale: number): number {
  const value = contractValue(exit, qty, priceScale);
  const pnl = direction === 'up' ? value - cost : cost - value;
  return pnl === 0 ? 0 : pnl; // never −0
}

/**
 * What interest is charged on (docs/decisions/009-trading-money-conventions.md): a margin long pays
 * 買方金利 on the whole contract value, as Japanese brokers charge it; a short pays the borrow fee on
 * the whole value. A cash buy (fully paid) pays nothing.
 */
export function interestBase(direction: Direction, value: number, principal: number): number {
  if (direction === 'down') return value;
  return principal < value ? value : 0;
}

/** One day of interest at `rateBp` a year (365-day basis), rounded down (for display). */
export function dailyInterest(base: number, rateBp: number): number {
  return cumulativeInterest(base, rateBp, 1);
}

/**
 * Interest for `days` days at `rateBp` a year on a 365-day basis, rounded down once for the whole
 * span. Charging each day the cumulative amount less what was charged so far means small positions
 * are not exempt (a day's 0.7 yen is still collected on the second day).
 */
export function cumulativeInterest(base: number, rateBp: number, days: number): number {
  if (base <= 0 || rateBp <= 0 || days <= 0) return 0;
  return mulDivDown(base, rateBp * days, 10_000 * 365);
}

/** (principal + unrealized P/L) ÷ current contract value, in basis points (rounded down). */
export function maintenanceRatioBp(principal: number, pnl: number, currentValue: number): number {
  if (currentValue <= 0) return 10_000;
  return mulDivDown(principal + pnl, 10_000, currentValue);
}

export interface OrderCost {
  contractValue: number;
  principal: number;
  fee: number;
  /** principal + fee: what the order takes from available cash. */
  total: number;
}

export function orderCost(price: number, qty: number, priceScale: number, leverageTenths: number, schedule: FeeSchedule): OrderCost {
  const value = contractValue(price, qty, priceScale);
  const principal = principalFor(value, leverageTenths);
  const fee = tradeFee(value, schedule);
  return { contractValue: value, principal, fee, total: principal + fee };
}
