/**
 * Strategy funds (docs/domain.md "Strategy funds", docs/decisions/016-strategy-funds.md): follow-order
 * and quant funds that are ledger owners (`fund:<id>`) trading through the trade module's service.
 */
import { defineModule } from '../module';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { Ledger } from '../../ledger';
import type { AuditLog } from '../../platform/audit';
import type { MarketDataSource } from '../../market';
import type { AccountService } from '../account';
import type { TradingService } from '../trade';
import { StrategyService } from './service';
import { strategiesRoutes } from './routes';
import { strategiesAdminRoutes } from './admin-routes';
import { StrategiesJob } from './jobs';

export { StrategyService, fundOwner, strikeDay } from './service';

type Needs = {
  database: Database; marketClock: Clock; ledger: Ledger; audit: AuditLog; accounts: AccountService; trading: TradingService;
  market: MarketDataSource; logger: Logger;
};

/** One service per set of services (routes, admin routes and the job share it). */
const built = new WeakMap<object, StrategyService>();
function serviceOf(s: Needs): StrategyService {
  let svc = built.get(s);
  if (!svc) {
    svc = new StrategyService(s.database, s.marketClock, s.ledger, s.audit, s.accounts, s.trading, s.market, s.logger);
    built.set(s, svc);
  }
  return svc;
}

export const strategiesModule = defineModule<Needs, { strategies: StrategiesJob }>({
  name: 'strategies',
  routes: (s) => strategiesRoutes(serviceOf(s)),
  adminRoutes: (s) => strategiesAdminRoutes(serviceOf(s)),
  jobs: (s) => ({ strategies: new StrategiesJob(serviceOf(s)) }),
  holdings: (s) => ({
    holdings: (userId) => serviceOf(s).holdingsOf(userId),
    dayEndValues: (userId, days) => serviceOf(s).dayEndValues(userId, days),
  }),
});
