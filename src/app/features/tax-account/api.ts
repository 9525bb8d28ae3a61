import { kycApi } from '../../../shared/api/kyc';
import { taxAccountApi, type NisaApplyBody, type WithholdingBody } from '../../../shared/api/tax-account';
import { apiCall } from '../../api/client';
import { endpointKey, endpointQuery } from '../../api/query';

/** The tax-account area's read and commands (docs/domain.md "Account types and NISA"). */
export function taxAccountQuery() {
  // Fresh on mount: a NISA application changes by an admin's review, the room by fills on the server.
  return endpointQuery(taxAccountApi.status, {}, { silent: true, staleTime: 0 });
}
export const taxAccountKey = endpointKey(taxAccountApi.status);

/** The 本人確認 state (read straight from the contract: features/kyc shows this area's choice). */
export function kycStatusQuery() {
  return endpointQuery(kycApi.status, {}, { staleTime: 0 });
}

/** Failures are shown on the form (silent: no second toast). */
export function applyForNisa(body: NisaApplyBody) {
  return apiCall(taxAccountApi.applyNisa, { body, silent: true });
}

export function changeWithholding(body: WithholdingBody) {
  return apiCall(taxAccountApi.withholding, { body, silent: true });
}
