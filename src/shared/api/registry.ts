/**
 * Every endpoint of the contract, in one list (docs/architecture.md, "The contract"). Tests walk
 * it: each is mounted and in the OpenAPI document, each `admin/*` one is admin-only, each money
 * command refuses a request without an Idempotency-Key. A new area adds its api objects here.
 */
import type { Endpoint } from './endpoint';
import { configApi } from './config';
import { accountApi } from './account';
import { adminApi } from './admin';
import { marketApi } from './market';
import { watchlistApi } from './watchlist';
import { tradeApi } from './trade';
import { marginAccountAdminApi, marginAccountApi } from './margin-account';
import { taxAccountAdminApi, taxAccountApi } from './tax-account';
import { blockAdminApi, blockApi } from './block';
import { fundsAdminApi, fundsApi } from './funds';
import { passkeyApi } from './passkey';
import { cashApi, depositAdminApi, depositApi, withdrawalApi, withdrawalAdminApi } from './cash';
import { uploadsApi } from './uploads';
import { kycAdminApi, kycApi } from './kyc';
import { fxApi } from './fx';
import { strategiesAdminApi, strategiesApi } from './strategies';
import { ipoAdminApi, ipoApi } from './ipo';
import { lendingAdminApi, lendingApi } from './lending';
import { messagingAdminApi, messagingApi } from './messaging';
import { trustsAdminApi, trustsApi } from './trusts';
import { plansAdminApi, plansApi } from './plans';
import { documentsAdminApi, documentsApi } from './documents';

export const API_GROUPS = {
  configApi, accountApi, adminApi, marketApi, watchlistApi, tradeApi, marginAccountApi, marginAccountAdminApi, taxAccountApi, taxAccountAdminApi, blockApi, blockAdminApi, fundsApi, fundsAdminApi, passkeyApi,
  cashApi, depositApi, depositAdminApi, withdrawalApi, withdrawalAdminApi,
  uploadsApi, kycApi, kycAdminApi,
  fxApi,
  strategiesApi, strategiesAdminApi,
  ipoApi, ipoAdminApi,
  lendingApi, lendingAdminApi,
  messagingApi, messagingAdminApi,
  trustsApi, trustsAdminApi,
  plansApi, plansAdminApi,
  documentsApi, documentsAdminApi,
} as const;

export type AnyEndpoint = Endpoint<any, any, any, any, any, any>;

export const ALL_ENDPOINTS: readonly AnyEndpoint[] = Object.values(API_GROUPS).flatMap((group) => Object.values(group) as AnyEndpoint[]);

/** The contract endpoint serving `method` and a concrete path (relative to /api/vue/), if any. */
export function findEndpoint(method: string, path: string): AnyEndpoint | undefined {
  const m = method.toLowerCase();
  const clean = path.split('?')[0]!.replace(/^\/+/, '');
  return ALL_ENDPOINTS.find((ep) => ep.method === m && pathPattern(ep.path).test(clean));
}

function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\w+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}
