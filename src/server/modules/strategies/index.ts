/**
 * Strategy funds (docs/domain.md "Strategy funds", docs/decisions/016-strategy-funds.md): follow-order
 * and quant funds that are ledger owners (`fund:<id>`) trading through the trade module's service.
 * The composition root (src/server/services.ts) builds the area's parts once, sharing one
 * StrategyFunds; each part of the module receives the one it needs.
 */
import { defineModule } from '../module';
import type { StrategyService } from './service';
import type { StrategyAdmin } from './admin';
import type { StrategiesJob } from './jobs';
import { strategiesRoutes } from './routes';
import { strategiesAdminRoutes } from './admin-routes';

export { StrategyFunds, type StrategyCtx } from './funds';
export { StrategyService } from './service';
export { StrategyAdmin } from './admin';
export { StrategiesJob, type StrategyReport } from './jobs';
export { fundOwner, strikeDay } from './rules';

type Needs = { strategies: StrategyService; strategyAdmin: StrategyAdmin; strategiesJob: StrategiesJob };

export const strategiesModule = defineModule<Needs, { strategies: StrategiesJob }>({
  name: 'strategies',
  routes: (s) => strategiesRoutes(s.strategies),
  adminRoutes: (s) => strategiesAdminRoutes(s.strategyAdmin),
  // After trading's jobs in the registry order: the day's fills are in before a strike values a fund.
  jobs: (s) => ({ strategies: s.strategiesJob }),
  // Units valued at the latest NAV (funds/summary) and at each day's NAV (funds/history).
  holdings: (s) => ({
    holdings: (userId) => s.strategies.holdingsOf(userId),
    dayEndValues: (userId, days) => s.strategies.dayEndValues(userId, days),
  }),
});
