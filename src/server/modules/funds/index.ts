/** Funds area: the user's money summary and records (not strategy funds: those are `strategies`). */
import { defineModule } from '../module';
import { fundsAdminRoutes, fundsRoutes } from './routes';
import type { FundsService } from './service';
import type { AdminGrants } from './admin-grant';
import type { SettlementJob } from './settlement-job';

export { FundsService } from './service';
export { AdminGrants } from './admin-grant';
export { SettlementJob, type SettlementReport } from './settlement-job';
export { readRecords } from './records';

type Needs = { funds: FundsService; grants: AdminGrants; settlement: SettlementJob };

export const fundsModule = defineModule<Needs, { settlement: SettlementJob }>({
  name: 'funds',
  routes: (s) => fundsRoutes(s.funds),
  adminRoutes: (s) => fundsAdminRoutes(s.grants),
  jobs: (s) => ({ settlement: s.settlement }),
});
