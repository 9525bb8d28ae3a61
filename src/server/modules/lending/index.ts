/**
 * Lending area (docs/domain.md "Loans and stock lending"; docs/decisions/015-loans-and-lending.md):
 * the securities-backed credit line (credit score, quota, loans, interest, LTV monitoring with the
 * forced sale) and stock lending (貸株: lend, daily fee, recall). The cash area asks it, through
 * this file, for the cash kept back as loan collateral (the withdrawable rule's `collateral`); the
 * trading area tells it of each split of a lent position through the hook the composition root
 * wires (`TradeCtx.onSplit` → `LendingService.followSplit`), since trade may not import lending;
 * the LTV job's forced sale is trading's close at the market (`TradingService.closeAtMarket`).
 */
import { defineModule } from '../module';
import type { LendingService } from './service';
import type { LendingJob } from './jobs';
import { lendingRoutes } from './routes';
import { lendingAdminRoutes } from './admin-routes';

export { LendingService } from './service';
export { LendingJob, type LendingReport } from './jobs';

/** The service and its job, built once by the composition root (src/server/services.ts). */
type WithService = { lending: LendingService; lendingJob: LendingJob };

export const lendingModule = defineModule<WithService, { lending: LendingJob }>({
  name: 'lending',
  routes: (s) => lendingRoutes(s.lending),
  adminRoutes: (s) => lendingAdminRoutes(s.lending),
  // After trading and settlement (registry order): fills and prices of the instant are in place.
  jobs: (s) => ({ lending: s.lendingJob }),
});
