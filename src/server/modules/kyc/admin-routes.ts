import { route } from '../module';
import { kycAdminApi } from '../../../shared/api/kyc';
import type { KycService } from './service';

/** The KYC review queue; every decision carries a reason and is audited (platform/review.ts). */
export function kycAdminRoutes(kyc: KycService) {
  return [
    route(kycAdminApi.queue, ({ query }) => kyc.queue(query.status, query.cursor, query.limit)),
    route(kycAdminApi.approve, ({ user, params, body }) => kyc.decide(user, params.id, 'approved', body.reason)),
    route(kycAdminApi.reject, ({ user, params, body }) => kyc.decide(user, params.id, 'rejected', body.reason)),
  ];
}
