import type { Migration } from 'kysely';
import type { Capabilities } from '../capabilities';
import { foundation } from './2026-11-22-001-foundation';
import { watchlist } from './2026-11-22-002-watchlist';
import { trading } from './2026-11-22-003-trading';
import { passkeys } from './2026-11-23-002-passkeys';
import { serverSecrets } from './2026-11-23-003-server-secrets';
import { tradingMoney } from './2026-11-23-004-trading-money';
import { orderTypes } from './2026-11-23-006-order-types';
import { jobState } from './2026-11-23-005-job-state';
import { marginAgreement } from './2026-11-25-001-margin-agreement';
import { watchlistGroups } from './2026-11-25-002-watchlist-groups';
import { bankAccounts } from './2026-11-25-004-bank-accounts';
import { auditFilters } from './2026-11-25-005-audit-filters';
import { fxQuotes } from './2026-11-25-007-fx-quotes';
import { cashWithdrawals } from './2026-11-25-008-cash-withdrawals';
import { deposits } from './2026-11-25-006-deposits';
import { uploadsKyc } from './2026-11-25-003-uploads-kyc';
import { depositAddresses } from './2026-11-25-013-deposit-addresses';
import { perfIndexes } from './2026-11-26-001-perf-indexes';
import { kycLatestIndex } from './2026-11-26-004-kyc-latest-index';
import { scaleout } from './2026-11-26-003-scaleout';
import { ledgerIncome } from './2026-11-27-001-ledger-income';
import { strategyFeeCarry } from './2026-11-27-002-strategy-fee-carry';
import { depositReceiptOnce } from './2026-11-27-003-deposit-receipt-once';
import { fundPasswordTries } from './2026-11-28-001-fund-password-tries';
import { loginHistory } from './2026-11-28-002-login-history';
import { passkeyPolicy } from './2026-11-28-003-passkey-policy';
import { payoutHolds } from './2026-11-28-004-payout-holds';
import { drawAlgorithm } from './2026-11-28-005-draw-algorithm';
import { bookCost } from './2026-11-29-001-book-cost';
import { ipo } from './2026-11-25-009-ipo';
import { strategies } from './2026-11-25-011-strategies';
import { lending } from './2026-11-25-010-lending';
import { messaging } from './2026-11-25-012-messaging';
import { marginAccount } from './2026-11-29-002-margin-account';
import { namesI18n } from './2026-11-29-003-names-i18n';
import { accountTypes } from './2026-11-30-001-account-types';
import { trustsAndPlans } from './2026-12-01-001-trusts-and-plans';
import { documents } from './2026-12-02-001-documents';

/** Ordered by name (ISO date first). Add new migrations here; never edit a landed one. */
export const migrations: Record<string, (caps: Capabilities) => Migration> = {
  '2026-11-22-001-foundation': foundation,
  '2026-11-22-002-watchlist': watchlist,
  '2026-11-22-003-trading': trading,
  '2026-11-23-002-passkeys': passkeys,
  '2026-11-23-003-server-secrets': serverSecrets,
  '2026-11-23-004-trading-money': tradingMoney,
  '2026-11-23-005-job-state': jobState,
  '2026-11-23-006-order-types': orderTypes,
  '2026-11-25-001-margin-agreement': marginAgreement,
  '2026-11-25-002-watchlist-groups': watchlistGroups,
  '2026-11-25-003-uploads-kyc': uploadsKyc,
  '2026-11-25-004-bank-accounts': bankAccounts,
  '2026-11-25-005-audit-filters': auditFilters,
  '2026-11-25-006-deposits': deposits,
  '2026-11-25-007-fx-quotes': fxQuotes,
  '2026-11-25-008-cash-withdrawals': cashWithdrawals,
  '2026-11-25-009-ipo': ipo,
  '2026-11-25-011-strategies': strategies,
  '2026-11-25-010-lending': lending,
  '2026-11-25-012-messaging': messaging,
  '2026-11-25-013-deposit-addresses': depositAddresses,
  '2026-11-26-001-perf-indexes': perfIndexes,
  '2026-11-26-004-kyc-latest-index': kycLatestIndex,
  '2026-11-26-003-scaleout': scaleout,
  '2026-11-27-001-ledger-income': ledgerIncome,
  '2026-11-27-002-strategy-fee-carry': strategyFeeCarry,
  '2026-11-27-003-deposit-receipt-once': depositReceiptOnce,
  '2026-11-28-001-fund-password-tries': fundPasswordTries,
  '2026-11-28-002-login-history': loginHistory,
  '2026-11-28-003-passkey-policy': passkeyPolicy,
  '2026-11-28-004-payout-holds': payoutHolds,
  '2026-11-28-005-draw-algorithm': drawAlgorithm,
  '2026-11-29-001-book-cost': bookCost,
  '2026-11-29-002-margin-account': marginAccount,
  '2026-11-29-003-names-i18n': namesI18n,
  '2026-11-30-001-account-types': accountTypes,
  '2026-12-01-001-trusts-and-plans': trustsAndPlans,
  '2026-12-02-001-documents': documents,
};
