import { route } from '../module';
import { trustsAdminApi } from '../../../shared/api/trusts';
import { TrustAdmin, type TrustAdminDeps } from './admin';

/**
 * The investment-trust back office (docs/domain.md "Investment trusts and 積立"): the catalogue with
 * the NAV strike status, a fund's last strikes, fees and designation, suspension. Every command
 * carries a reason and is audited with the change (admin.ts).
 */
export function trustsAdminRoutes(deps: TrustAdminDeps) {
  const admin = new TrustAdmin(deps);
  return [
    route(trustsAdminApi.funds, () => admin.funds()),
    route(trustsAdminApi.navs, ({ params }) => admin.navs(params.id)),
    route(trustsAdminApi.update, ({ user, params, body }) => admin.update(user, params.id, body)),
    route(trustsAdminApi.status, ({ user, params, body }) => admin.setStatus(user, params.id, body.status, body.reason)),
  ];
}
