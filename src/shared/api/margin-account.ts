import { z } from 'zod';
import { endpoint } from './endpoint';

/*
 * 信用取引口座 (margin account), docs/domain.md "Margin account", docs/decisions/024-margin-account.md:
 * before the first margin or short order the user applies with the suitability answers Japanese
 * brokers ask and agrees to the 信用取引 risk explanation. Answers that meet the firm's thresholds
 * (config) approve the account at once; others are referred to the back office, where an admin
 * approves or rejects with a reason (audited).
 */

/** Version of the 信用取引 risk explanation the application shows; a new text needs a new application. */
export const MARGIN_RISK_VERSION = 1;

export const MARGIN_ACCOUNT_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type MarginAccountState = (typeof MARGIN_ACCOUNT_STATES)[number];

/** Years of experience, as brokers ask them (なし / 1年未満 / 1〜3年 / 3〜5年 / 5年以上). */
export const EXPERIENCE_BRACKETS = ['none', 'under1', '1to3', '3to5', '5plus'] as const;
/** 金融資産 brackets (yen): under 1M, 1–3M, 3–5M, 5–10M, 10M and more. */
export const ASSET_BRACKETS = ['under1m', '1m_3m', '3m_5m', '5m_10m', '10m_plus'] as const;
/** 年収 brackets (yen): none, under 3M, 3–5M, 5–10M, 10M and more. */
export const INCOME_BRACKETS = ['none', 'under3m', '3m_5m', '5m_10m', '10m_plus'] as const;
export const INVESTMENT_PURPOSES = ['short_term', 'long_term', 'dividends', 'hedge'] as const;
/** Why an application was referred to the back office instead of approved at once. */
export const REFERRAL_REASONS = ['stock_experience', 'financial_assets', 'spare_funds', 'migrated'] as const;
export type ReferralReason = (typeof REFERRAL_REASONS)[number];

/** The four key risks of the explanation the user confirms one by one (each must be true). */
export const marginRisks = z.object({
  marginCall: z.literal(true),
  lossBeyondDeposit: z.literal(true),
  costs: z.literal(true),
  forcedClose: z.literal(true),
});

export const marginAnswers = z.object({
  stockExperience: z.enum(EXPERIENCE_BRACKETS),
  marginExperience: z.enum(EXPERIENCE_BRACKETS),
  derivativesExperience: z.boolean(),
  financialAssets: z.enum(ASSET_BRACKETS),
  annualIncome: z.enum(INCOME_BRACKETS),
  purpose: z.enum(INVESTMENT_PURPOSES),
  /** 余裕資金: the money for margin trading is money the user can afford to lose. */
  spareFunds: z.boolean(),
});
export type MarginAnswers = z.infer<typeof marginAnswers>;

export const applyBody = z.object({
  answers: marginAnswers,
  risks: marginRisks,
  /** The version of the risk explanation the user read and agreed to (同意). */
  riskVersion: z.literal(MARGIN_RISK_VERSION),
});
export type MarginApplyBody = z.infer<typeof applyBody>;

export const marginApplication = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  /** Null for an agreement migrated from before applications (it must be reviewed or re-applied). */
  answers: marginAnswers.nullable(),
  riskVersion: z.number().int(),
  referral: z.array(z.enum(REFERRAL_REASONS)),
  appliedAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
  /** Decided by the rules at once (`auto`) or by an admin. */
  decidedBy: z.enum(['auto', 'admin']).nullable(),
  /** The reviewer's reason (shown to the user when rejected). */
  reason: z.string().nullable(),
});
export type MarginApplication = z.infer<typeof marginApplication>;

export const marginAccountView = z.object({
  state: z.enum(MARGIN_ACCOUNT_STATES),
  application: marginApplication.nullable(),
  /** When a rejected user may apply again (null: now, or not rejected). */
  reapplyAt: z.number().int().nullable(),
});
export type MarginAccountView = z.infer<typeof marginAccountView>;

export const marginQueueItem = marginApplication.extend({ userId: z.string(), phone: z.string() });
export type MarginQueueItem = z.infer<typeof marginQueueItem>;

const reason = z.string().trim().min(3).max(500);
const idParam = z.object({ id: z.string().min(1).max(80) });

export const marginAccountApi = {
  status: endpoint({
    method: 'get', path: 'margin-account', tag: 'trade', auth: 'user',
    summary: 'My 信用取引口座 state (none, pending, approved, rejected) and latest application',
    data: marginAccountView,
  }),
  apply: endpoint({
    method: 'post', path: 'margin-account', tag: 'trade', auth: 'user',
    summary: 'Apply for a 信用取引口座 with the suitability answers and the risk agreement; approved at once or referred',
    body: applyBody, data: marginAccountView,
  }),
};

export const marginAccountAdminApi = {
  queue: endpoint({
    method: 'get', path: 'admin/margin-accounts', tag: 'admin', auth: 'admin',
    summary: '信用取引口座 applications by status (default pending: the referred ones), oldest first',
    query: z.object({
      status: z.enum(['pending', 'approved', 'rejected']).default('pending'),
      cursor: z.string().max(80).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: z.object({ items: z.array(marginQueueItem), next: z.string().nullable() }),
  }),
  approve: endpoint({
    method: 'post', path: 'admin/margin-accounts/{id}/approve', tag: 'admin', auth: 'admin',
    summary: 'Approve a referred application (audited)',
    params: idParam, body: z.object({ reason }), data: marginQueueItem,
  }),
  reject: endpoint({
    method: 'post', path: 'admin/margin-accounts/{id}/reject', tag: 'admin', auth: 'admin',
    summary: 'Reject a referred application; the reason is shown to the user (audited)',
    params: idParam, body: z.object({ reason }), data: marginQueueItem,
  }),
};
