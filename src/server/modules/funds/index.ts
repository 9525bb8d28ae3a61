/** Funds area: the user's money summary and records (not strategy funds: those are `strategies`). */
import { defineModule } from '../module';
import { fundsAdminRoutes, fundsRoutes } from './routes';
import type { FundsService } from './service';
import type { AdminGrants } from './admin-grant';

export { FundsService } from './service';
export { AdminGrants } from './admin-grant';

type Needs = { funds: FundsService; grants: AdminGrants };

export const fundsModule = defineModule<Needs>({
  name: 'funds',
  routes: (s) => fundsRoutes(s.funds),
  adminRoutes: (s) => fundsAdminRoutes(s.grants),
});
