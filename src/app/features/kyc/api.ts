import { kycApi, type SubmitKycBody } from '../../../shared/api/kyc';
import { apiCall } from '../../api/client';
import { endpointKey, endpointQuery } from '../../api/query';

/** The 本人確認 area's read and command. Uploads go through features/uploads (upload-client.ts). */
export function kycQuery() {
  // Always fresh on mount: the status changes by an admin's review, not by anything on this device.
  return endpointQuery(kycApi.status, {}, { staleTime: 0 });
}
export const kycKey = endpointKey(kycApi.status);

/** Failures are shown on the form (silent: no second toast). */
export function submitKyc(body: SubmitKycBody) {
  return apiCall(kycApi.submit, { body, silent: true });
}
