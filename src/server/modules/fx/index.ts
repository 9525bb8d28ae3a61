/**
 * FX area, 資金振替・両替 (docs/domain.md "Currency exchange"): the nine currencies' rates from the
 * simulated FX board with the stated spread, quotes valid 30 s, the journaled exchange, and the
 * yen value of foreign balances that funds/summary and funds/history add to total assets.
 */
import { defineModule } from '../module';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger';
import type { MarketDataSource } from '../../market';
import type { ConfigService } from '../config';
import type { AccountService } from '../account';
import type { RateLimitStore } from '../../platform/rate-limit';
import { fxRoutes } from './routes';
import { FxService } from './service';
import { FxHoldings } from './holdings';

export { FxService } from './service';
export { FxHoldings } from './holdings';

type Needs = {
  database: Database; ledger: Ledger; config: ConfigService; accounts: AccountService;
  market: MarketDataSource; marketClock: Clock; clock: Clock; rateLimits: RateLimitStore;
};

export const fxModule = defineModule({
  name: 'fx',
  routes: (s: Needs) => fxRoutes(new FxService(s.database, s.ledger, s.config, s.accounts, s.market, s.marketClock, s.clock, s.rateLimits)),
  // Foreign balances valued in yen for total assets and the asset history (holdings.ts).
  holdings: (s: Needs) => new FxHoldings(s.database, s.ledger, s.market),
});
