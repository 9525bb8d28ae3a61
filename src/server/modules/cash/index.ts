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
import { DepositService } from './deposits';
import { depositAdminRoutes, depositRoutes } from './deposits-routes';
import type { Ledger } from '../../ledger';
import type { AuditLog } from '../../platform/audit';
import type { ConfigService } from '../config';
import type { UploadService } from '../uploads';
import { FreshLogins, withFundsUnlocked, type AccountService } from '../account';
import { cashApi, withdrawalApi } from '../../../shared/api/cash';
import { WithdrawalService } from './withdrawals';
import { withdrawalAdminRoutes, withdrawalRoutes } from './withdrawals-routes';
import type { LendingService } from '../lending';
import type { AuthUser } from '../../auth/principal';

export { CashService } from './service';
export { DepositService } from './deposits';
export { WithdrawalService } from './withdrawals';

/** What the withdrawals part needs (docs/domain.md "Withdrawals"): the account's state guard and fund password, the KYC guard. */
type WithdrawalNeeds = { database: Database; clock: Clock; ledger: Ledger; audit: AuditLog; config: ConfigService; accounts: AccountService; kyc: KycService; lending: LendingService };
// The lending area keeps back the cash a loan's collateral needs (docs/domain.md "Loans and stock lending").
const withdrawalsOf = (s: WithdrawalNeeds) => new WithdrawalService(s.database, s.clock, s.ledger, s.audit, s.config, s.accounts, s.kyc, s.lending);

/** What the deposits part needs (docs/domain.md "Deposits"). */
type DepositNeeds = { database: Database; clock: Clock; ledger: Ledger; audit: AuditLog; config: ConfigService; uploads: UploadService };
const depositsOf = (s: DepositNeeds) => new DepositService(s.database, s.clock, s.ledger, s.audit, s.config, s.uploads);

/** KABUTO_DEMO=1 (bootstrap): a clearly fictitious bank channel when there is none yet. */
export const ensureDemoDepositChannel = (s: DepositNeeds, adminId: string) => depositsOf(s).ensureDemoChannel(adminId);

const FUND_ACTIONS = [cashApi.addBankAccount, cashApi.deleteBankAccount, cashApi.addWallet, cashApi.deleteWallet, withdrawalApi.withdraw];

/** One per process: the Zengin list is loaded on its first search and kept. */
const banks = new BankDirectory();

/**
 * Bank accounts and wallets: a change needs a fresh sign-in and the fund password (the account area),
 * and a new destination waits config payoutHoldHours (docs/domain.md "Bank accounts and wallets").
 */
type DestinationNeeds = { database: Database; clock: Clock; kyc: KycService; accounts: AccountService; config: ConfigService };
function destinationsOf(s: DestinationNeeds): CashService {
  const fresh = new FreshLogins(s.database, s.clock);
  const guard = {
    freshLoginLeftMs: (user: AuthUser) => fresh.leftMs(user),
    requireFreshLogin: (user: AuthUser) => fresh.require(user),
    verifyFundPassword: (userId: string, password: string) => s.accounts.verifyFundPassword(userId, password),
  };
  return new CashService(s.database, s.clock, banks, s.kyc, guard, s.config);
}

export const cashModule = defineModule({
  name: 'cash',
  routes: (s: { database: Database; clock: Clock; kyc: KycService } & DepositNeeds & WithdrawalNeeds) => [
    // While a sign-in reported as not the user's locks fund actions, payout destinations do not change
    // and withdrawals are refused first (docs/domain.md "Login history and devices").
    ...withFundsUnlocked(cashRoutes(destinationsOf(s)), s.accounts, FUND_ACTIONS),
    ...depositRoutes(depositsOf(s)),
    ...withFundsUnlocked(withdrawalRoutes(withdrawalsOf(s)), s.accounts, FUND_ACTIONS),
  ],
  adminRoutes: (s: DepositNeeds & WithdrawalNeeds) => [...depositAdminRoutes(depositsOf(s)), ...withdrawalAdminRoutes(withdrawalsOf(s))],
});
