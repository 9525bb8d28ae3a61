import { createRouter, mount } from './contract';
import { MODULES } from '../modules';
import type { Route, ServerModule } from '../modules/module';
import type { Services } from '../services';
import { mountStream, type StreamOptions } from './market-stream';
import { testingRoutes } from './testing-routes';

/**
 * Every module's routes, mounted under /api/vue from the registry (src/server/modules/index.ts):
 * a new area adds a registry line, not a line here. Admin routes must be admin-only by contract.
 */
export function apiRoutes(services: Services, opts: StreamOptions = {}) {
  const api = createRouter();
  const modules: readonly ServerModule<Services>[] = MODULES;
  const mountAll = (routes: Route[]) => {
    for (const r of routes) mount(api, r.endpoint, r.handle);
  };
  for (const m of modules) {
    mountAll(m.routes?.(services) ?? []);
    const admin = m.adminRoutes?.(services) ?? [];
    const open = admin.find((r) => r.endpoint.auth !== 'admin');
    if (open) throw new Error(`module ${m.name}: admin route ${open.endpoint.path} is not auth 'admin'`);
    mountAll(admin);
  }
  // The quote stream (SSE) is transport code, not a contract endpoint (see market-stream.ts).
  mountStream(api, opts);
  // TEST ONLY: clock and job control for end-to-end tests. Mounted only with KABUTO_TEST_CONTROL=1
  // (tests/e2e/global-setup.ts sets it); never set it in production. See testing-routes.ts.
  if (services.settings.test.control) api.route('/', testingRoutes());
  return api;
}
