/**
 * 本人確認 (KYC), docs/domain.md "KYC". Other areas use `services.kyc`:
 * `identityOf(userId)` → `{ status, nameKana } | null` and `requireVerified(userId)`, which throws
 * `RealNameRequired` (422 `real_name_required`) unless the user is verified. `kycNamesOf(db, userId)`:
 * every name and kana the user submitted (account's password policy refuses passwords made of them).
 */
import { defineModule } from '../module';
import { kycRoutes } from './routes';
import { kycAdminRoutes } from './admin-routes';
import type { KycService } from './service';
import { statusOfReview } from './rules';
import type { KycStatus } from '../../../shared/api/kyc';

export { KycService, RealNameRequired, kycNamesOf, kycStatusOf, type Identity } from './service';

/**
 * The status kycStatusOf gives, from the review status of the latest submission (null: none): for
 * a read that takes the status in its own statement (account's `user/info`, account/repo.ts).
 */
export function kycStatusOfReview(review: string | null): KycStatus {
  return review === null ? 'not_verified' : statusOfReview(review);
}

export const kycModule = defineModule({
  name: 'kyc',
  routes: (s: { kyc: KycService }) => kycRoutes(s.kyc),
  adminRoutes: (s: { kyc: KycService }) => kycAdminRoutes(s.kyc),
});
