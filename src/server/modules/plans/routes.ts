import { route } from '../module';
import { plansApi } from '../../../shared/api/plans';
import type { PlanService } from './service';

/** The user's 積立 plans (docs/domain.md "Investment trusts and 積立"). */
export function plansRoutes(plans: PlanService) {
  return [
    route(plansApi.list, ({ user }) => plans.list(user.id)),
    route(plansApi.create, ({ user, body, idempotencyKey }) => plans.create(user, body, idempotencyKey)),
    route(plansApi.update, ({ user, params, body, idempotencyKey }) => plans.update(user, params.id, body, idempotencyKey)),
    route(plansApi.status, ({ user, params, body, idempotencyKey }) => plans.setStatus(user, params.id, body.action, idempotencyKey)),
    route(plansApi.runs, ({ user, params, query }) => plans.runs(user.id, params.id, query)),
  ];
}
