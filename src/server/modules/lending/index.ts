/**
 * Lending area (docs/domain.md "Loans and stock lending"; docs/decisions/015-loans-and-lending.md):
 * the securities-backed credit line (credit score, quota, loans, interest, LTV monitoring with the
 * forced sale) and stock lending (貸株: lend, daily fee, recall). The cash area asks it, through
 * this file, for the cash kept back as loan collateral (the withdrawable rule's `collateral`); the
 * trading area tells it of each split of a lent position through the hook the composition root
 * wires (`TradeCtx.onSplit` → `LendingService.followSplit`), since trade may not import lending.
 */
import { defineModule } from '../module';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { Ledger } from '../../ledger';
import type { Logger } from '../../logger';
import type { MarketDataSource } from '../../market';
import type { ConfigService } from '../config';
import type { AccountService } from '../account';
import type { KycService } from '../kyc';
import { LendingService } from './service';
import { LendingJob } from './jobs';
import { lendingRoutes } from './routes';
import { lendingAdminRoutes } from './admin-routes';

export { LendingService } from './service';
export { LendingJob, type LendingReport } from './jobs';

type Needs = {
  database: Database; marketClock: Clock; ledger: Ledger; config: ConfigService; market: MarketDataSource;
  accounts: AccountService; kyc: KycService; logger: Logger;
};

/** One service per process (the composition root's `lending`), built here from what it needs. */
export function createLendingService(s: Omit<Needs, 'logger'>): LendingService {
  return new LendingService(s.database, s.marketClock, s.ledger, s.config, s.market, s.accounts, s.kyc);
}

type WithService = Needs & { lending: LendingService };

export const lendingModule = defineModule<WithService, { lending: LendingJob }>({
  name: 'lending',
  routes: (s) => lendingRoutes(s.lending),
  adminRoutes: (s) => lendingAdminRoutes(s.lending),
  // After trading and settlement (registry order): fills and prices of the instant are in place.
  jobs: (s) => ({
    lending: new LendingJob({ database: s.database, clock: s.marketClock, ledger: s.ledger, config: s.config, accounts: s.accounts, market: s.market }, s.lending, s.config, s.logger),
  }),
});
