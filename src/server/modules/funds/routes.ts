import { route } from '../module';
import { fundsAdminApi, fundsApi } from '../../../shared/api/funds';
import type { FundsService } from './service';
import type { AdminGrants } from './admin-grant';

export function fundsRoutes(funds: FundsService) {
  return [
    route(fundsApi.summary, ({ user }) => funds.summary(user.id)),
    route(fundsApi.records, ({ user, query }) => funds.records(user.id, query)),
    route(fundsApi.history, ({ user, query }) => funds.history(user.id, query.range)),
  ];
}

/** `admin/users/{id}/grant`: audited test funds (see admin-grant.ts). */
export function fundsAdminRoutes(grants: AdminGrants) {
  return [route(fundsAdminApi.grant, ({ user, params, body, idempotencyKey }) => grants.grant(user, params.id, body, idempotencyKey))];
}
