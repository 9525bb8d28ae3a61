import { route } from '../module';
import { ipoApi } from '../../../shared/api/ipo';
import type { IpoService } from './service';

/** The user's side of offerings (docs/domain.md "IPO"). */
export function ipoRoutes(ipo: IpoService) {
  return [
    route(ipoApi.offerings, ({ user, query }) => ipo.list(user.id, query)),
    route(ipoApi.offering, ({ user, params }) => ipo.detail(user.id, params.id)),
    route(ipoApi.apply, ({ user, params, body, idempotencyKey }) => ipo.apply(user, params.id, body.lots, idempotencyKey)),
    route(ipoApi.applications, ({ user }) => ipo.applications(user.id)),
    route(ipoApi.cancel, ({ user, params, idempotencyKey }) => ipo.cancel(user, params.id, idempotencyKey)),
    route(ipoApi.purchase, ({ user, params, idempotencyKey }) => ipo.purchase(user, params.id, idempotencyKey)),
    route(ipoApi.waive, ({ user, params, idempotencyKey }) => ipo.waive(user, params.id, idempotencyKey)),
    route(ipoApi.draw, ({ params }) => ipo.draw(params.id)),
  ];
}
