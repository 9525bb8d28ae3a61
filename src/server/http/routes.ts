import { createRouter } from './contract';
import { configRoutes } from '../modules/config/routes';
import { accountRoutes } from '../modules/account/routes';
import { adminRoutes } from '../modules/admin/routes';

/** Every area's sub-app, mounted under /api/vue. New areas add one line here. */
export function apiRoutes() {
  const api = createRouter();
  api.route('/', configRoutes());
  api.route('/', accountRoutes());
  api.route('/', adminRoutes());
  return api;
}
