import type { KycStatus } from '../../../shared/api/kyc';
import type { ReviewStatus } from '../../platform/review';

/*
 * The KYC statuses as the user sees them, from the review workflow's (docs/domain.md "KYC",
 * "Review workflow"): no submission → not_verified; pending → under_review; approved → verified;
 * rejected → failed. A new submission is allowed from not_verified and failed only.
 */

export type SubmissionStatus = Exclude<KycStatus, 'not_verified'>;

const FROM_REVIEW: Record<ReviewStatus, SubmissionStatus> = {
  pending: 'under_review',
  approved: 'verified',
  rejected: 'failed',
};

const TO_REVIEW: Record<SubmissionStatus, ReviewStatus> = {
  under_review: 'pending',
  verified: 'approved',
  failed: 'rejected',
};

export function statusOfReview(review: string): SubmissionStatus {
  return FROM_REVIEW[review as ReviewStatus];
}

export function reviewOfStatus(status: SubmissionStatus): ReviewStatus {
  return TO_REVIEW[status];
}

/** Why a new submission is refused now, or null when it may go ahead. */
export function submitRefusal(current: KycStatus): 'kyc_under_review' | 'kyc_already_verified' | null {
  if (current === 'under_review') return 'kyc_under_review';
  if (current === 'verified') return 'kyc_already_verified';
  return null;
}
