/**
 * 本人確認 (KYC), docs/domain.md "KYC". Other areas use `services.kyc`:
 * `identityOf(userId)` → `{ status, nameKana } | null` and `requireVerified(userId)`, which throws
 * `RealNameRequired` (422 `real_name_required`) unless the user is verified.
 */
import { defineModule } from '../module';
import { kycRoutes } from './routes';
import { kycAdminRoutes } from './admin-routes';
import type { KycService } from './service';

export { KycService, RealNameRequired, kycStatusOf, type Identity } from './service';

export const kycModule = defineModule({
  name: 'kyc',
  routes: (s: { kyc: KycService }) => kycRoutes(s.kyc),
  adminRoutes: (s: { kyc: KycService }) => kycAdminRoutes(s.kyc),
});
