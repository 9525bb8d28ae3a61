/**
 * Trading area: orders, positions, closing, the due-work engine and the holdings it reports to
 * `funds/summary`. Other modules reach trade only through this file, and only through use cases:
 * TradingService's methods (an owner's orders, a block purchase, an allotment's delivery, a close
 * at the market, each inside the caller's transaction where it has one) and the read-only price
 * questions of prices.ts. How a position is built, settled and stored stays inside the module.
 */
import { defineModule } from '../module';
import { tradeRoutes } from './routes';
import type { TradingService } from './service';
import type { TradingEngine } from './engine';
import type { CorporateActionsJob } from './corporate';

export { TradingService } from './service';
export { TradingEngine, type EngineReport } from './engine';
export { CorporateActionsJob, type CorporateReport } from './corporate';
export type { OrderOwner, PositionSplit, SplitHook, TradeCtx } from './deps';
export type { Allotment, BlockPurchase } from './cash-positions';
export type { MarketClose } from './closing';
export type { OrderBody } from './orders';
export type { SellBody } from './sell';
export { priceLimitsOf, tradableStock, type Tradable } from './prices';
export { nisaUsageOf } from './nisa-room';
export { userAccounts } from './user-accounts';
// Fund 解約 gains net with stock gains per account and year (docs/domain.md "Investment trusts and 積立").
export { netYearTax, withholdsTax } from './tax';

type Needs = { trading: TradingService; tradingEngine: TradingEngine; corporateActions: CorporateActionsJob };

export const tradeModule = defineModule<Needs, { corporateActions: CorporateActionsJob; trading: TradingEngine }>({
  name: 'trade',
  routes: (s) => tradeRoutes(s.trading),
  // Corporate actions first: on an ex-date, fills and maintenance checks see adjusted positions.
  jobs: (s) => ({ corporateActions: s.corporateActions, trading: s.tradingEngine }),
  holdings: (s) => s.trading,
});
