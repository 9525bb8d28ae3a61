import type { MarginAccountState, MarginAnswers, ReferralReason } from '../../../shared/api/margin-account';

/*
 * The 信用取引口座 rules (docs/domain.md "Margin account"): which answers the firm approves at once
 * (thresholds from config) and when a rejected applicant may apply again. Pure: no I/O, no clock.
 */

const DAY_MS = 86_400_000;

/** The fewest years each experience bracket stands for (1年未満 counts as none). */
const EXPERIENCE_YEARS: Record<MarginAnswers['stockExperience'], number> = { none: 0, under1: 0, '1to3': 1, '3to5': 3, '5plus': 5 };
/** The lower bound in yen of each 金融資産 bracket. */
const ASSET_FLOOR: Record<MarginAnswers['financialAssets'], number> = {
  under1m: 0, '1m_3m': 1_000_000, '3m_5m': 3_000_000, '5m_10m': 5_000_000, '10m_plus': 10_000_000,
};

export interface MarginThresholds {
  marginMinStockYears: number;
  marginMinFinancialAssets: number;
  marginRequireSpareFunds: boolean;
}

/** Every reason the answers fall short of the thresholds; none means approved at once. */
export function referralReasons(a: MarginAnswers, t: MarginThresholds): ReferralReason[] {
  const reasons: ReferralReason[] = [];
  if (EXPERIENCE_YEARS[a.stockExperience] < t.marginMinStockYears) reasons.push('stock_experience');
  if (ASSET_FLOOR[a.financialAssets] < t.marginMinFinancialAssets) reasons.push('financial_assets');
  if (t.marginRequireSpareFunds && !a.spareFunds) reasons.push('spare_funds');
  return reasons;
}

/** The state the user sees, from the review status of the latest application (null: none). */
export function stateOfReview(review: string | null): MarginAccountState {
  if (review === 'pending' || review === 'approved' || review === 'rejected') return review;
  return 'none';
}

/** When a rejected applicant may apply again (config marginReapplyDays; 0 days: at once). */
export function reapplyAt(reviewedAt: number, days: number): number {
  return reviewedAt + days * DAY_MS;
}

export type ApplyRefusal =
  | { id: 'margin_account_pending' | 'margin_account_already_approved' }
  | { id: 'margin_account_reapply_later'; at: number };

/** Why a new application is refused now, or null when it may go ahead. */
export function applyRefusal(state: MarginAccountState, reviewedAt: number | null, days: number, now: number): ApplyRefusal | null {
  if (state === 'pending') return { id: 'margin_account_pending' };
  if (state === 'approved') return { id: 'margin_account_already_approved' };
  if (state === 'rejected' && reviewedAt !== null && now < reapplyAt(reviewedAt, days)) {
    return { id: 'margin_account_reapply_later', at: reapplyAt(reviewedAt, days) };
  }
  return null;
}
