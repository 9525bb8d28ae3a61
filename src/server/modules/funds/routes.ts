import { createRouter, mount } from '../../http/contract';
import { fundsAdminApi, fundsApi } from '../../../shared/api/funds';

export function fundsRoutes() {
  const r = createRouter();
  mount(r, fundsApi.summary, ({ user, c }) => c.get('services').funds.summary(user.id));
  mount(r, fundsApi.records, ({ user, query, c }) => c.get('services').funds.records(user.id, query));
  return r;
}

/** `admin/users/{id}/grant`: audited test funds (see admin-grant.ts). */
export function fundsAdminRoutes() {
  const r = createRouter();
  mount(r, fundsAdminApi.grant, ({ user, params, body, idempotencyKey, c }) =>
    c.get('services').grants.grant(user, params.id, body, idempotencyKey!),
  );
  return r;
}
