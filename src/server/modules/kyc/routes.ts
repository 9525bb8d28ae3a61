import { route } from '../module';
import { kycApi } from '../../../shared/api/kyc';
import type { KycService } from './service';

export function kycRoutes(kyc: KycService) {
  return [
    route(kycApi.status, ({ user }) => kyc.status(user.id)),
    route(kycApi.submit, ({ user, body }) => kyc.submit(user, body)),
  ];
}
