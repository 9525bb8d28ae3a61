import { route } from '../module';
import { trustsApi } from '../../../shared/api/trusts';
import type { TrustService } from './service';

export function trustsRoutes(s: TrustService) {
  return [
    route(trustsApi.list, ({ query }) => s.list(query)),
    route(trustsApi.detail, ({ params }) => s.detail(params.id)),
    route(trustsApi.preview, ({ user, query }) => s.preview(user, query)),
    route(trustsApi.place, ({ user, body, idempotencyKey }) => s.place(user, body, idempotencyKey)),
    route(trustsApi.cancel, ({ user, params, idempotencyKey }) => s.cancel(user, params.id, idempotencyKey)),
    route(trustsApi.orders, ({ user, query }) => s.orders(user.id, query)),
    route(trustsApi.holdings, ({ user }) => s.holdings(user.id)),
  ];
}
