/**
 * Cash area (docs/domain.md "Bank accounts and wallets"): the user's bank accounts and USDT wallets,
 * and the Zengin bank list they are chosen from. Deposits and withdrawals are part of it.
 * Adding a destination, depositing and withdrawing need a verified identity, asked of the kyc
 * module through its index.
 */
import { defineModule } from '../module';
import { cashRoutes } from './routes';
import type { CashService } from './service';
import type { DepositService } from './deposits';
import { depositAdminRoutes, depositRoutes } from './deposits-routes';
import { withFundsUnlocked, type AccountService } from '../account';
import { cashApi, withdrawalApi } from '../../../shared/api/cash';
import type { WithdrawalService } from './withdrawals';
import { withdrawalAdminRoutes, withdrawalRoutes } from './withdrawals-routes';

export { CashService } from './service';
export { BankDirectory } from './banks';
export { DepositService } from './deposits';
export { WithdrawalService } from './withdrawals';

/** KABUTO_DEMO=1 (bootstrap): a clearly fictitious bank channel when there is none yet. */
export const ensureDemoDepositChannel = (s: { deposits: DepositService }, adminId: string) => s.deposits.ensureDemoChannel(adminId);

const FUND_ACTIONS = [cashApi.addBankAccount, cashApi.deleteBankAccount, cashApi.addWallet, cashApi.deleteWallet, withdrawalApi.withdraw];

/**
 * The services, built once by the composition root (src/server/services.ts): bank accounts and
 * wallets, whose change needs a fresh sign-in and the fund password and whose new destination waits
 * config payoutHoldHours (docs/domain.md "Bank accounts and wallets"); deposits; withdrawals.
 */
type Needs = { cash: CashService; deposits: DepositService; withdrawals: WithdrawalService; accounts: AccountService };

export const cashModule = defineModule({
  name: 'cash',
  routes: (s: Needs) => [
    // While a sign-in reported as not the user's locks fund actions, payout destinations do not change
    // and withdrawals are refused first (docs/domain.md "Login history and devices").
    ...withFundsUnlocked(cashRoutes(s.cash), s.accounts, FUND_ACTIONS),
    ...depositRoutes(s.deposits),
    ...withFundsUnlocked(withdrawalRoutes(s.withdrawals), s.accounts, FUND_ACTIONS),
  ],
  adminRoutes: (s: Needs) => [...depositAdminRoutes(s.deposits), ...withdrawalAdminRoutes(s.withdrawals)],
});
