import { marginAccountApi, type MarginApplyBody } from '../../../shared/api/margin-account';
import { apiCall } from '../../api/client';
import { endpointKey, endpointQuery } from '../../api/query';

/** The 信用取引口座 area's read and command (docs/domain.md "Margin account"). */
export function marginAccountQuery() {
  // Fresh on mount: a referred application changes by an admin's review, not by anything on this device.
  return endpointQuery(marginAccountApi.status, {}, { silent: true, staleTime: 0 });
}
export const marginAccountKey = endpointKey(marginAccountApi.status);

/** Failures are shown on the form (silent: no second toast). */
export function applyForMarginAccount(body: MarginApplyBody) {
  return apiCall(marginAccountApi.apply, { body, silent: true });
}
