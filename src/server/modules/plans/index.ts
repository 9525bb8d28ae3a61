/**
 * 積立 plans (docs/domain.md "Investment trusts and 積立"): recurring buys of a fund by amount or of a
 * stock by 単元 on a schedule, in one account type, and the job that runs each run date exactly once.
 * A fund run places its buy through the trusts area's use case inside the run's transaction; a stock
 * run through trade's order command.
 */
import { defineModule } from '../module';
import { plansRoutes } from './routes';
import { plansAdminRoutes } from './admin-routes';
import type { PlanService } from './service';
import type { PlanRunJob } from './run-job';

export { PlanService, type PlansCtx } from './service';
export { PlanRunJob, type FundBuyer, type PlanRunReport } from './run-job';

export const plansModule = defineModule<{ plans: PlanService; planRunJob: PlanRunJob }, { plans: PlanRunJob }>({
  name: 'plans',
  routes: (s) => plansRoutes(s.plans),
  adminRoutes: (s) => plansAdminRoutes(s.plans),
  // After the trusts area's jobs in the registry order: a run's buy of today is struck the same evening.
  jobs: (s) => ({ plans: s.planRunJob }),
});
