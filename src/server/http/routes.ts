import { createRouter } from './contract';
import { configRoutes } from '../modules/config/routes';
import { accountRoutes } from '../modules/account/routes';
import { adminRoutes } from '../modules/admin/routes';
import { marketRoutes } from '../modules/market/routes';
import { watchlistRoutes } from '../modules/watchlist/routes';
import { tradeRoutes } from '../modules/trade/routes';
import { blockRoutes } from '../modules/block/routes';
import { blockAdminRoutes } from '../modules/block/admin-routes';
import { fundsAdminRoutes, fundsRoutes } from '../modules/funds/routes';
import { testingRoutes } from '../modules/testing/routes';

/** Every area's sub-app, mounted under /api/vue. New areas add one line here. */
export function apiRoutes() {
  const api = createRouter();
  api.route('/', configRoutes());
  api.route('/', accountRoutes());
  api.route('/', adminRoutes());
  api.route('/', marketRoutes());
  api.route('/', watchlistRoutes());
  api.route('/', tradeRoutes());
  api.route('/', blockRoutes());
  api.route('/', blockAdminRoutes());
  api.route('/', fundsRoutes());
  api.route('/', fundsAdminRoutes());
  // TEST ONLY: clock and job control for end-to-end tests. Mounted only with KABUTO_TEST_CONTROL=1
  // (tests/e2e/global-setup.ts sets it); never set it in production. See modules/testing/routes.ts.
  if (process.env.KABUTO_TEST_CONTROL === '1') api.route('/', testingRoutes());
  return api;
}
