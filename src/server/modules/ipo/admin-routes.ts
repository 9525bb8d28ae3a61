import { route } from '../module';
import { ipoAdminApi } from '../../../shared/api/ipo';
import type { IpoService } from './service';

/** Offerings in the back office: created with a reason, audited; everything after runs as jobs. */
export function ipoAdminRoutes(ipo: IpoService) {
  return [
    route(ipoAdminApi.list, () => ipo.adminList()),
    route(ipoAdminApi.create, ({ user, body, idempotencyKey }) => ipo.create(user, body, idempotencyKey)),
  ];
}
