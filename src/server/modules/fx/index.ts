/**
 * FX area, 資金振替・両替 (docs/domain.md "Currency exchange"): the nine currencies' rates from the
 * simulated FX board with the stated spread, quotes valid 30 s, the journaled exchange, and the
 * yen value of foreign balances that funds/summary and funds/history add to total assets.
 */
import { defineModule } from '../module';
import { fxRoutes } from './routes';
import type { FxService } from './service';
import type { FxHoldings } from './holdings';

export { FxService } from './service';
export { FxHoldings } from './holdings';

/** Built once by the composition root (src/server/services.ts). */
type Needs = { fx: FxService; fxHoldings: FxHoldings };

export const fxModule = defineModule({
  name: 'fx',
  routes: (s: Needs) => fxRoutes(s.fx),
  // Foreign balances valued in yen for total assets and the asset history (holdings.ts).
  holdings: (s: Needs) => s.fxHoldings,
});
