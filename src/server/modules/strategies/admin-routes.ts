import { route } from '../module';
import { strategiesAdminApi } from '../../../shared/api/strategies';
import type { StrategyAdmin } from './admin';

/** Admin commands on funds; each is audited with its reason (docs/domain.md "Strategy funds"). */
export function strategiesAdminRoutes(s: StrategyAdmin) {
  return [
    route(strategiesAdminApi.list, () => s.list()),
    route(strategiesAdminApi.create, ({ user, body }) => s.create(user, body)),
    route(strategiesAdminApi.pause, ({ user, params, body }) => s.pause(user, params.id, body.paused, body.reason)),
    route(strategiesAdminApi.terminate, ({ user, params, body }) => s.terminate(user, params.id, body.reason)),
    route(strategiesAdminApi.fee, ({ user, params, body }) => s.setFee(user, params.id, body.feeBp, body.reason)),
  ];
}
