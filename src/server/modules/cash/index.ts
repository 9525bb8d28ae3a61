/**
 * Cash area (docs/domain.md "Bank accounts and wallets"): the user's bank accounts and USDT wallets,
 * and the Zengin bank list they are chosen from. Deposits and withdrawals join this area later.
 * Adding a destination needs a verified identity, asked of the kyc module through its index.
 */
import { defineModule } from '../module';
import type { Database } from '../../db/database';
import type { Clock } from '../../clock';
import type { KycService } from '../kyc';
import { BankDirectory } from './banks';
import { cashRoutes } from './routes';
import { CashService } from './service';

export { CashService } from './service';

/** One per process: the Zengin list is loaded on its first search and kept. */
const banks = new BankDirectory();

export const cashModule = defineModule({
  name: 'cash',
  routes: (s: { database: Database; clock: Clock; kyc: KycService }) => cashRoutes(new CashService(s.database, s.clock, banks, s.kyc)),
});
