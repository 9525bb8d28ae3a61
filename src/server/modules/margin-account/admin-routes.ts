import { route } from '../module';
import { marginAccountAdminApi } from '../../../shared/api/margin-account';
import type { MarginAccountService } from './service';

/** The queue of referred 信用取引口座 applications; every decision carries a reason and is audited (platform/review.ts). */
export function marginAccountAdminRoutes(margin: MarginAccountService) {
  return [
    route(marginAccountAdminApi.queue, ({ query }) => margin.queue(query.status, query.cursor, query.limit)),
    route(marginAccountAdminApi.approve, ({ user, params, body }) => margin.decide(user, params.id, 'approved', body.reason)),
    route(marginAccountAdminApi.reject, ({ user, params, body }) => margin.decide(user, params.id, 'rejected', body.reason)),
  ];
}
