import { route } from '../module';
import { plansAdminApi } from '../../../shared/api/plans';
import type { PlanService } from './service';

/** The back office's plan runs, for following up the skipped ones. */
export function plansAdminRoutes(plans: PlanService) {
  return [route(plansAdminApi.runs, ({ query }) => plans.adminRuns(query))];
}
