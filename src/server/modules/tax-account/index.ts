/**
 * 口座区分 and NISA (docs/domain.md "Account types and NISA", docs/decisions/025-account-types-and-nisa.md):
 * the user's 特定口座 choice (源泉徴収あり/なし, fixed for the year by its first 特定 sale), the NISA
 * application reviewed by an admin, the NISA room, and the year-change message job. Trade reads
 * the choices by table name in its order transaction (trade/account-type-repo.ts), as decision 022
 * allows for a hot read; kyc stores the account-opening choice through `chooseTaxAccountAtOpening`
 * (handed to it by the composition root, so kyc does not import this area).
 */
import { defineModule } from '../module';
import { taxAccountRoutes } from './routes';
import { taxAccountAdminRoutes } from './admin-routes';
import type { TaxAccountService } from './service';
import type { NisaYearJob } from './year-job';

export { TaxAccountService, chooseTaxAccountAtOpening } from './service';
export { NisaYearJob } from './year-job';

type Needs = { taxAccount: TaxAccountService; nisaYearJob: NisaYearJob };

export const taxAccountModule = defineModule<Needs, { nisaYear: NisaYearJob }>({
  name: 'tax-account',
  routes: (s) => taxAccountRoutes(s.taxAccount),
  adminRoutes: (s) => taxAccountAdminRoutes(s.taxAccount),
  jobs: (s) => ({ nisaYear: s.nisaYearJob }),
});
