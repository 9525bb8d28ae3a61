/**
 * Pure rules of lending (docs/domain.md "Loans and stock lending"): the credit score factor by
 * factor, the score's limit tier, the quota, the LTV and its states, how much a forced sale must
 * raise to restore the target LTV, the cash kept back as collateral, the cumulative interest and
 * fee accruals, and a stock loan's fee days. No I/O, no clock; unit-tested in tests/unit/lending-rules.test.ts.
 */
import type { MessageId } from '../../../shared/api/messages';
import type { ScoreFactor } from '../../../shared/api/lending';
import type { IsoDate } from '../../../shared/market';

/** 60 %: a loan may reach this share of the pledged holdings' value (日証金-style 担保掛目). */
export const LENDING_RATIO_BP = 6_000;
/** Past 70 % no new borrowing and the user is warned. */
export const LTV_WARN_BP = 7_000;
/** Past 85 % pledged holdings are sold at market until the LTV is back at 60 %. */
export const LTV_FORCED_BP = 8_500;
/** Where a forced sale brings the LTV back to. */
export const LTV_TARGET_BP = LENDING_RATIO_BP;

/** The score tiers: score ≥ 80 → tier 3, ≥ 60 → tier 2, ≥ 40 → tier 1, below → no limit. */
export const SCORE_TIERS = [80, 60, 40] as const;

export interface ScoreInput {
  kycVerified: boolean;
  /** Whole days since registration. */
  accountDays: number;
  /** Filled trades (buys and sells) so far. */
  trades: number;
  /** A shortfall (不足金) owed now. */
  shortfallOwed: boolean;
  /** Loans fully repaid so far, and forced sales ever suffered. */
  loansRepaid: number;
  forcedSales: number;
}

export interface FactorScore {
  factor: ScoreFactor;
  points: number;
  max: number;
  basis: number;
}

/**
 * The documented score (0–100): KYC verified 30; account age up to 20 (20 points a year, pro rata);
 * trading history up to 20 (2 per filled trade); no shortfall owed 15; repayment record up to 15
 * (10, +1 per loan repaid up to +5, −5 per forced sale, floored at 0).
 */
export function creditScore(i: ScoreInput): { score: number; max: number; factors: FactorScore[] } {
  const factors: FactorScore[] = [
    { factor: 'kyc', max: 30, points: i.kycVerified ? 30 : 0, basis: i.kycVerified ? 1 : 0 },
    { factor: 'account_age', max: 20, points: Math.min(20, Math.floor((Math.max(0, i.accountDays) * 20) / 365)), basis: Math.max(0, i.accountDays) },
    { factor: 'trading_history', max: 20, points: Math.min(20, Math.max(0, i.trades) * 2), basis: Math.max(0, i.trades) },
    { factor: 'no_shortfall', max: 15, points: i.shortfallOwed ? 0 : 15, basis: i.shortfallOwed ? 1 : 0 },
    {
      factor: 'repayment_record', max: 15,
      points: Math.max(0, Math.min(15, 10 + Math.min(5, i.loansRepaid) - 5 * i.forcedSales)),
      basis: i.forcedSales,
    },
  ];
  return { score: factors.reduce((a, f) => a + f.points, 0), max: factors.reduce((a, f) => a + f.max, 0), factors };
}

/** The limit a score gives: the configured tier's amount, 0 below the lowest tier. */
export function scoreLimit(score: number, tiers: { tier1: number; tier2: number; tier3: number }): number {
  if (score >= SCORE_TIERS[0]) return tiers.tier3;
  if (score >= SCORE_TIERS[1]) return tiers.tier2;
  if (score >= SCORE_TIERS[2]) return tiers.tier1;
  return 0;
}

/** 60 % of the collateral's value, rounded down. */
export function collateralLimit(collateralValue: number): number {
  return Math.floor((Math.max(0, collateralValue) * LENDING_RATIO_BP) / 10_000);
}

/** Owed ÷ collateral value in bp (rounded up, so a line is never reported as not yet crossed when it is). */
export function ltvBp(owed: number, collateralValue: number): number {
  if (owed <= 0) return 0;
  if (collateralValue <= 0) return 100_000;
  return Math.ceil((owed * 10_000) / collateralValue);
}

export type LtvState = 'ok' | 'warning' | 'forced';

export function ltvState(bp: number): LtvState {
  if (bp > LTV_FORCED_BP) return 'forced';
  if (bp > LTV_WARN_BP) return 'warning';
  return 'ok';
}

/**
 * How much of the pledged holdings must be sold (and repaid) to bring owed ÷ value back to the
 * target: (owed − t·value) ÷ (1 − t), rounded up; 0 when already at or below it.
 */
export function forcedSaleNeed(owed: number, collateralValue: number, targetBp = LTV_TARGET_BP): number {
  const excess = owed * 10_000 - targetBp * collateralValue;
  if (excess <= 0) return 0;
  return Math.ceil(excess / (10_000 - targetBp));
}

/**
 * Cash kept back as loan collateral (src/shared/domain/withdrawable.ts `collateral`): the part of
 * what is owed the holdings do not cover at the lending ratio. 0 without a loan or while the
 * holdings cover it, so a withdrawal of free cash is never held back by anything else (no score).
 */
export function collateralCash(owed: number, collateralValue: number): number {
  return Math.max(0, owed - collateralLimit(collateralValue));
}

export interface QuotaInput {
  channelOpen: boolean;
  scoreLimit: number;
  collateralValue: number;
  owed: number;
}

export interface Quota {
  quota: number;
  available: number;
  ltvBp: number;
  refusal: MessageId | null;
  params: Record<string, number>;
}

/**
 * The quota = min(60 % of the collateral, the score's limit) and why a new loan is refused now, in
 * order: the channel is closed; there is no limit (score below the lowest tier, or nothing pledged);
 * the LTV is past the warning line; the quota is used up. `borrow_quota_insufficient` depends on
 * the amount asked and is checked by the borrow command itself.
 */
export function quotaOf(i: QuotaInput): Quota {
  const quota = Math.min(collateralLimit(i.collateralValue), Math.max(0, i.scoreLimit));
  const ltv = ltvBp(i.owed, i.collateralValue);
  const available = ltv > LTV_WARN_BP ? 0 : Math.max(0, quota - i.owed);
  const base = { quota, available, ltvBp: ltv };
  if (!i.channelOpen) return { ...base, available: 0, refusal: 'borrow_channel_closed', params: {} };
  if (quota <= 0) return { ...base, available: 0, refusal: 'no_loan_limit', params: { scoreLimit: i.scoreLimit, collateralValue: i.collateralValue } };
  if (ltv > LTV_WARN_BP) return { ...base, refusal: 'loan_ltv_high', params: { ltvBp: ltv, warnBp: LTV_WARN_BP } };
  if (available <= 0) return { ...base, refusal: 'borrow_quota_full', params: { quota, borrowed: i.owed } };
  return { ...base, refusal: null, params: {} };
}

/**
 * A day-count accrual on the cumulative basis (as margin interest and late interest are charged:
 * docs/decisions/009-trading-money-conventions.md): `units` grows by base × rate bp × days (base in
 * yen, or shares × price in the price scale with `scale`), and what is due is its rounded-down
 * total less what was charged before — small balances are not exempt.
 */
export function accrue(prev: { units: number; charged: number }, base: number, rateBp: number, days: number, scale = 1): { units: number; total: number; due: number } {
  const units = prev.units + Math.max(0, base) * Math.max(0, rateBp) * Math.max(0, days);
  return { units, ...dueOf(units, prev.charged, scale) };
}

/** What accrued units come to (rounded down once, so fractions carry over) and what of it is still unpaid. */
export function dueOf(units: number, charged: number, scale = 1): { total: number; due: number } {
  const total = Math.floor(units / (10_000 * 365 * scale));
  return { total, due: Math.max(0, total - charged) };
}

/** A stock loan as the fee days see it: its state and the business day a recall completes on. */
export interface StockLoanTerm {
  status: string;
  completes_on: string | null;
}

/** A recall completing on or before `date` has returned the shares by then. */
export function returnedBy(loan: StockLoanTerm, date: IsoDate): boolean {
  return loan.status === 'recalling' && loan.completes_on !== null && loan.completes_on <= date;
}

/** The fee runs for the days before `today`, and not past a recall's completion day. */
export function feeEnd(loan: StockLoanTerm, today: IsoDate): IsoDate {
  return returnedBy(loan, today) ? loan.completes_on! : today;
}

/** One day of interest (or fee) at `rateBp` a year on `base` yen, rounded down (what the screens show). */
export function perDay(base: number, rateBp: number): number {
  return Math.floor((Math.max(0, base) * Math.max(0, rateBp)) / (10_000 * 365));
}

/** A repayment splits into interest first, then principal. */
export function splitRepayment(amount: number, interest: number, principal: number): { interest: number; principal: number } | null {
  if (amount > interest + principal) return null;
  const toInterest = Math.min(amount, interest);
  return { interest: toInterest, principal: amount - toInterest };
}
