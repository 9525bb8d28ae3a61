import { z } from 'zod';
import { endpoint } from './endpoint';
import { MESSAGE_IDS } from './messages';

/**
 * Lending area (docs/domain.md "Loans and stock lending"): the securities-backed credit line
 * (証券担保ローン: credit score, quota, loans, repayments, LTV) and stock lending (貸株). Every amount
 * is whole yen; rates are basis points a year; LTV is basis points of the pledged holdings' value.
 */

const int = z.number().int();
const idParams = z.object({ id: z.string().min(1).max(64) });

/** The factors of the credit score, each with its points and its maximum (docs/domain.md "Loans and stock lending"). */
export const SCORE_FACTORS = ['kyc', 'account_age', 'trading_history', 'no_shortfall', 'repayment_record'] as const;
export type ScoreFactor = (typeof SCORE_FACTORS)[number];

export const LOAN_STATUSES = ['borrowed', 'repaid'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

/** 貸株: borrowing (lent out, earning the fee) → recalling (返却手続中, completes the next business day) → completed. */
export const STOCK_LOAN_STATUSES = ['borrowing', 'recalling', 'completed'] as const;
export type StockLoanStatus = (typeof STOCK_LOAN_STATUSES)[number];

/** The LTV states: below the warning line, at or past it (no new borrowing), past the forced-sale line. */
export const LTV_STATES = ['ok', 'warning', 'forced'] as const;

export const scoreFactorView = z.object({
  factor: z.enum(SCORE_FACTORS),
  points: int,
  max: int,
  /** What the points were computed from: days of account age, trades, forced sales, … */
  basis: int,
});

export const creditView = z.object({
  score: int,
  scoreMax: int,
  factors: z.array(scoreFactorView),
  /** The limit the score gives (config tiers); 0 below the lowest tier. */
  scoreLimit: int,
  /** Market value of the pledged holdings (held cash positions not lent out). */
  collateralValue: int,
  /** 60 % of the collateral value (the lending ratio). */
  collateralLimit: int,
  /** min(collateralLimit, scoreLimit). */
  quota: int,
  /** Owed now: principal + interest accrued and not repaid. */
  borrowed: int,
  principal: int,
  interest: int,
  /** What a new loan may take now (0 when the LTV is past the warning line). */
  available: int,
  /** Owed ÷ collateral value, in bp (0 without a loan; 10,000+ when the collateral is gone). */
  ltvBp: int,
  ltvState: z.enum(LTV_STATES),
  /** The LTV lines in bp: borrowing stops past `warnBp`, pledged holdings are sold past `forcedBp` back to `targetBp`. */
  lendingRatioBp: int,
  warnBp: int,
  forcedBp: int,
  rateBp: int,
  /** Interest a day on what is owed now (rounded down). */
  costPerDay: int,
  channelOpen: z.boolean(),
  /** Why borrowing is refused now (the same message id a borrow would get), or null. */
  refusal: z.enum(MESSAGE_IDS).nullable(),
  /** Cash kept back from withdrawal because the holdings do not cover the loan at the lending ratio. */
  collateralCash: int,
});
export type CreditView = z.infer<typeof creditView>;

export const loanView = z.object({
  id: z.string(),
  status: z.enum(LOAN_STATUSES),
  /** The amount drawn. */
  amount: int,
  /** Principal still owed. */
  principal: int,
  /** Interest accrued and not yet repaid. */
  interest: int,
  /** Every yen of interest charged so far. */
  interestCharged: int,
  repaid: int,
  rateBp: int,
  /** Interest is charged for the days before this Tokyo date. */
  accruedThrough: z.string(),
  createdAt: int,
  repaidAt: int.nullable(),
});
export type LoanView = z.infer<typeof loanView>;

/** One line of the loan or lending records: a draw, a day's interest, a repayment, a forced sale, a fee, a recall. */
export const LENDING_EVENT_KINDS = [
  'loan_draw', 'loan_interest', 'loan_repay', 'loan_forced_sale', 'loan_warning',
  'stock_lend', 'stock_fee', 'stock_recall', 'stock_returned', 'stock_dividend',
] as const;
export type LendingEventKind = (typeof LENDING_EVENT_KINDS)[number];

export const lendingEventView = z.object({
  id: z.string(),
  kind: z.enum(LENDING_EVENT_KINDS),
  /** The loan or the stock loan the line belongs to. */
  refId: z.string(),
  /** Yen moved (+ to the user, − from the user); 0 for an event without money. */
  amount: int,
  /** Tokyo date the line is for (an interest or fee day's end, a completion date). */
  date: z.string(),
  at: int,
  code: z.string().nullable(),
  shares: int.nullable(),
  /** LTV in bp at the time, for LTV events. */
  ltvBp: int.nullable(),
});
export type LendingEventView = z.infer<typeof lendingEventView>;

export const lendablePosition = z.object({
  positionId: z.string(),
  code: z.string(),
  nameJa: z.string().nullable(),
  nameEn: z.string().nullable(),
  shares: int,
  value: int,
  /** The yearly fee at today's rate on today's value, per day (rounded down). */
  feePerDay: int,
});

export const stockLoanView = z.object({
  id: z.string(),
  positionId: z.string(),
  code: z.string(),
  nameJa: z.string().nullable(),
  nameEn: z.string().nullable(),
  shares: int,
  status: z.enum(STOCK_LOAN_STATUSES),
  rateBp: int,
  /** Every yen of fee paid so far. */
  feePaid: int,
  /** Fee is paid for the days before this Tokyo date. */
  accruedThrough: z.string(),
  createdAt: int,
  recalledAt: int.nullable(),
  /** Recall completes on this business day. */
  completesOn: z.string().nullable(),
  completedAt: int.nullable(),
  value: int,
});
export type StockLoanView = z.infer<typeof stockLoanView>;

export const lendingApi = {
  credit: endpoint({
    method: 'get', path: 'lending/credit', tag: 'lending', auth: 'user',
    summary: 'The credit score factor by factor, the quota = min(60% of the pledged holdings, the score limit), owed, LTV, rate and cost a day, and why borrowing is refused now',
    data: creditView,
  }),
  borrow: endpoint({
    method: 'post', path: 'lending/loans', tag: 'lending', auth: 'user', idempotent: true,
    summary: 'Draw a loan within the quota (verified identity, fund password): credited to cash',
    body: z.object({ amount: z.number().int().positive().max(1_000_000_000_000), fundPassword: z.string().min(1).max(64) }),
    data: z.object({ loan: loanView, credit: creditView }),
  }),
  repay: endpoint({
    method: 'post', path: 'lending/loans/{id}/repay', tag: 'lending', auth: 'user', idempotent: true,
    summary: 'Repay part or all of a loan from cash (interest first, never more than owed: repay_exceeds_borrowed)',
    params: idParams,
    body: z.object({ amount: z.number().int().positive().max(1_000_000_000_000) }),
    data: z.object({ loan: loanView, credit: creditView }),
  }),
  loans: endpoint({
    method: 'get', path: 'lending/loans', tag: 'lending', auth: 'user',
    summary: "The user's loans, newest first, and the records of each draw, interest day, repayment and forced sale",
    data: z.object({ items: z.array(loanView), records: z.array(lendingEventView) }),
  }),
  stock: endpoint({
    method: 'get', path: 'lending/stock', tag: 'lending', auth: 'user',
    summary: 'Holdings that can be lent (held cash positions, not margin) and the stock loans, with the yearly fee rate',
    data: z.object({ rateBp: int, lendable: z.array(lendablePosition), items: z.array(stockLoanView) }),
  }),
  lend: endpoint({
    method: 'post', path: 'lending/stock', tag: 'lending', auth: 'user', idempotent: true,
    summary: 'Lend a held cash position (verified identity); it cannot be sold until recalled',
    body: z.object({ positionId: z.string().min(1).max(64) }),
    data: z.object({ item: stockLoanView }),
  }),
  recall: endpoint({
    method: 'post', path: 'lending/stock/{id}/recall', tag: 'lending', auth: 'user', idempotent: true,
    summary: 'Recall lent shares: completes on the next business day (the fee runs until then)',
    params: idParams,
    data: z.object({ item: stockLoanView }),
  }),
  stockRecords: endpoint({
    method: 'get', path: 'lending/stock/records', tag: 'lending', auth: 'user',
    summary: 'Records of stock lending: each lend, daily fee, 配当金相当額, recall and return',
    data: z.object({ items: z.array(lendingEventView) }),
  }),
};

export const adminLoanItem = loanView.extend({ userId: z.string(), phone: z.string(), ltvBp: int, ltvState: z.enum(LTV_STATES) });

export const lendingAdminApi = {
  loans: endpoint({
    method: 'get', path: 'admin/lending/loans', tag: 'admin', auth: 'admin',
    summary: 'Loans by status (default borrowed), with the borrower and the LTV now; and the stock loans in force',
    query: z.object({
      status: z.enum(LOAN_STATUSES).default('borrowed'),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    data: z.object({
      items: z.array(adminLoanItem),
      totals: z.object({ principal: int, interest: int, lentPositions: int }),
    }),
  }),
};
