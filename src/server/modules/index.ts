/**
 * The module registry (docs/decisions/005): every area of the server, in mount order. The HTTP
 * edge mounts their routes, the job runner runs their jobs and `funds/summary` totals their
 * holdings by looping over this list; a new area adds its folder and one line here.
 */
import { configModule } from './config';
import { accountModule } from './account';
import { adminModule } from './admin';
import { marketModule } from './market';
import { watchlistModule } from './watchlist';
import { tradeModule } from './trade';
import { marginAccountModule } from './margin-account';
import { taxAccountModule } from './tax-account';
import { blockModule } from './block';
import { fundsModule } from './funds';
import { uploadsModule } from './uploads';
import { kycModule } from './kyc';
import { cashModule } from './cash';
import { fxModule } from './fx';
import { strategiesModule } from './strategies';
import { trustsModule } from './trusts';
import { plansModule } from './plans';
import { ipoModule } from './ipo';
import { lendingModule } from './lending';
import { messagingModule } from './messaging';
import { documentsModule } from './documents';

export const MODULES = [
  configModule,
  accountModule,
  adminModule,
  marketModule,
  watchlistModule,
  tradeModule,
  marginAccountModule,
  taxAccountModule,
  blockModule,
  fundsModule,
  uploadsModule,
  kycModule,
  cashModule,
  fxModule,
  strategiesModule,
  trustsModule,
  plansModule,
  ipoModule,
  lendingModule,
  messagingModule,
  // Last: the executions every job above makes in a run (trade, trusts, plans) get their documents in it.
  documentsModule,
] as const;
