/**
 * Trading area: orders, positions, closing, the due-work engine and the holdings it reports to
 * `funds/summary`. The building blocks block trades reuse are exported here (other modules reach
 * trade only through this file).
 */
import { defineModule } from '../module';
import { tradeRoutes } from './routes';
import type { TradingService } from './service';
import type { TradingEngine } from './engine';
import type { CorporateActionsJob } from './corporate';

export { TradingService } from './service';
export { TradingEngine, emptyReport, type EngineReport } from './engine';
export { CorporateActionsJob, applyDueActions, type CorporateReport } from './corporate';
export { newPositionRow, settleDeps, type TradeCtx } from './context';
export { dayLimits, quoteAt, tradable, type Tradable } from './market';
export { openFields, postOpenFromCash, tradeMemo, type PositionSplit } from './settle';
export { insertPosition, type PositionRow } from './repo';
export { positionView, QuoteCache } from './view';
// The lending area's LTV job sells pledged holdings through the same forced close (docs/domain.md "Loans and stock lending").
export { settleClose } from './settle';
export { lockPosition } from './repo';
export { marketPrice } from './market';

type Needs = { trading: TradingService; tradingEngine: TradingEngine; corporateActions: CorporateActionsJob };

export const tradeModule = defineModule<Needs, { corporateActions: CorporateActionsJob; trading: TradingEngine }>({
  name: 'trade',
  routes: (s) => tradeRoutes(s.trading),
  // Corporate actions first: on an ex-date, fills and maintenance checks see adjusted positions.
  jobs: (s) => ({ corporateActions: s.corporateActions, trading: s.tradingEngine }),
  holdings: (s) => s.trading,
});
