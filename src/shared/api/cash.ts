import { z } from 'zod';
import { endpoint } from './endpoint';
import { WALLET_NETWORKS } from '../domain/wallet-address';

/**
 * Cash area, bank accounts and wallets (docs/domain.md "Bank accounts and wallets"): where money
 * may leave to. Deposits and withdrawals join this area later. Formats are checked by the server's
 * rules (translated message ids); the contract only bounds sizes.
 */

/** Registered destinations per user (active ones). */
export const BANK_ACCOUNTS_MAX = 5;
export const WALLETS_MAX = 5;
/** Results of one bank or branch search. */
export const BANK_SEARCH_MAX = 30;
export const ACCOUNT_NUMBER_DIGITS = 7;
export const WALLET_LABEL_MAX = 20;

export const BANK_ACCOUNT_TYPES = ['futsu', 'toza'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

const searchQuery = z.object({ q: z.string().max(60).optional() });
const bankCodeParams = z.object({ code: z.string().max(10) });
const idParams = z.object({ id: z.string().min(1).max(64) });

export const bankRow = z.object({ code: z.string(), name: z.string(), kana: z.string() });
export type BankRow = z.infer<typeof bankRow>;

/**
 * A new destination receives no withdrawal before this instant (epoch ms; config payoutHoldHours);
 * null once it may (and for destinations from before the hold).
 */
const usableAt = z.number().int().nullable();

export const bankAccountView = z.object({
  id: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branchCode: z.string(),
  branchName: z.string(),
  type: z.enum(BANK_ACCOUNT_TYPES),
  /** ••• and the last 4 digits: the full number never leaves the server after registration. */
  numberMasked: z.string(),
  holderKana: z.string(),
  createdAt: z.number().int(),
  usableAt,
});
export type BankAccountView = z.infer<typeof bankAccountView>;

export const walletView = z.object({
  id: z.string(),
  network: z.enum(WALLET_NETWORKS),
  address: z.string(),
  label: z.string().nullable(),
  createdAt: z.number().int(),
  usableAt,
});
export type WalletView = z.infer<typeof walletView>;

/** What the screens need to know about the user's identity check (KYC) before adding a destination. */
const identity = z.object({
  /** Adding needs a verified identity (real_name_required otherwise); listing and deleting do not. */
  verified: z.boolean(),
  /** The verified name kana, normalised as a holder name: the only holder an account may have. */
  holderKana: z.string().nullable(),
});

/**
 * How long this session may still add a destination (ms): a change needs a sign-in made within the
 * last 5 minutes; 0 means the user signs in again first (`reauth_required`).
 */
const freshLoginMs = z.number().int().nonnegative();
/** The fund password a change is confirmed with (6 digits; checked with its lockout). */
const fundPassword = z.string().min(1).max(64);

export const cashApi = {
  banks: endpoint({
    method: 'get', path: 'cash/banks', tag: 'cash', auth: 'user',
    summary: 'Banks of the Zengin list by name, kana (full or half width, hiragana or katakana), romaji or code; at most 30',
    query: searchQuery,
    data: z.object({ items: z.array(bankRow) }),
  }),
  branches: endpoint({
    method: 'get', path: 'cash/banks/{code}/branches', tag: 'cash', auth: 'user',
    summary: "Branches of one bank by name, kana or code; at most 30 (bank_not_found for a code the list does not have)",
    params: bankCodeParams, query: searchQuery,
    data: z.object({ bank: bankRow, items: z.array(bankRow) }),
  }),
  bankAccounts: endpoint({
    method: 'get', path: 'cash/bank-accounts', tag: 'cash', auth: 'user',
    summary: "The user's bank accounts, masked, and whether the identity check allows adding one",
    data: z.object({ items: z.array(bankAccountView), max: z.number().int(), identity, freshLoginMs }),
  }),
  addBankAccount: endpoint({
    method: 'post', path: 'cash/bank-accounts', tag: 'cash', auth: 'user',
    summary: 'Register an own-name bank account (verified identity, the holder the verified kana; a recent sign-in and the fund password); it receives withdrawals after the hold',
    body: z.object({
      bankCode: z.string().max(10),
      branchCode: z.string().max(10),
      type: z.enum(BANK_ACCOUNT_TYPES),
      number: z.string().max(20),
      holderKana: z.string().max(200),
      fundPassword,
    }),
    data: z.object({ account: bankAccountView }),
  }),
  deleteBankAccount: endpoint({
    method: 'delete', path: 'cash/bank-accounts/{id}', tag: 'cash', auth: 'user',
    summary: 'Remove a bank account (another user\'s id answers like a missing one)',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
  }),
  wallets: endpoint({
    method: 'get', path: 'cash/wallets', tag: 'cash', auth: 'user',
    summary: "The user's USDT wallet addresses and whether the identity check allows adding one",
    data: z.object({ items: z.array(walletView), max: z.number().int(), identity, freshLoginMs }),
  }),
  addWallet: endpoint({
    method: 'post', path: 'cash/wallets', tag: 'cash', auth: 'user',
    summary: 'Register a USDT address (TRC20 base58check, ERC20 with its EIP-55 checksum when mixed case); verified identity, a recent sign-in and the fund password; it receives withdrawals after the hold',
    body: z.object({ network: z.enum(WALLET_NETWORKS), address: z.string().max(200), label: z.string().max(200).optional(), fundPassword }),
    data: z.object({ wallet: walletView }),
  }),
  deleteWallet: endpoint({
    method: 'delete', path: 'cash/wallets/{id}', tag: 'cash', auth: 'user',
    summary: 'Remove a wallet address (another user\'s id answers like a missing one)',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
  }),
};

// ─── Deposits (docs/domain.md "Deposits"; the "deposits" part of this area) ─────────────────────

export const DEPOSIT_CHANNEL_TYPES = ['bank', 'usdt'] as const;
export type DepositChannelType = (typeof DEPOSIT_CHANNEL_TYPES)[number];
export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

const depositReason = z.string().trim().min(2).max(500);
const depositAmount = z.number().int().positive().max(1_000_000_000_000);

/** A channel as the user sees it: where to send the money, and the limits in the channel's currency's minor unit. */
export const depositChannelView = z.object({
  id: z.string(),
  type: z.enum(DEPOSIT_CHANNEL_TYPES),
  currency: z.string(),
  label: z.string(),
  bankName: z.string().nullable(),
  branchName: z.string().nullable(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).nullable(),
  accountNumber: z.string().nullable(),
  /** The operator company the account belongs to (shown so the user sees whom they pay). */
  holder: z.string().nullable(),
  network: z.string().nullable(),
  /**
   * USDT: the address this user sends to — one of the channel's operator addresses (an admin loads
   * them; never generated here), given to this user for good. null while none is free (the user is
   * told to wait or contact support) and in the admin list.
   */
  address: z.string().nullable(),
  /** Bank transfers: the user's own reference to put before the remitter's name, stable per user (empty for USDT and in the admin list). */
  reference: z.string(),
  /** USDT channels in the admin list: addresses loaded and still free to give out (null otherwise). */
  addressesTotal: z.number().int().nullable(),
  addressesFree: z.number().int().nullable(),
  min: z.number().int(),
  max: z.number().int(),
  /** Accepting hours, Asia/Tokyo ("09:00-15:00"), and whether only on Tokyo business days. */
  hours: z.string(),
  weekdaysOnly: z.boolean(),
  active: z.boolean(),
  disabledReason: z.string().nullable(),
});
export type DepositChannelView = z.infer<typeof depositChannelView>;

export const depositView = z.object({
  id: z.string(),
  channelId: z.string(),
  channelType: z.enum(DEPOSIT_CHANNEL_TYPES),
  channelLabel: z.string(),
  currency: z.string(),
  /** As the user stated it. */
  amount: z.number().int(),
  /** What was credited (differs from amount when the reviewer corrected it); null until approved. */
  creditedAmount: z.number().int().nullable(),
  receiptUploadId: z.string(),
  reference: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** The reviewer's reason, shown to the user. */
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
});
export type DepositView = z.infer<typeof depositView>;

export const depositQueueItem = depositView.extend({ userId: z.string(), phone: z.string() });
export type DepositQueueItem = z.infer<typeof depositQueueItem>;

export const depositApi = {
  channels: endpoint({
    method: 'get', path: 'cash/channels', tag: 'cash', auth: 'user',
    summary: 'Active deposit channels (operator bank account with the user\'s reference, or the user\'s own USDT address), limits and hours',
    data: z.object({ items: z.array(depositChannelView) }),
  }),
  deposits: endpoint({
    method: 'get', path: 'cash/deposits', tag: 'cash', auth: 'user',
    summary: "The user's deposits, newest first: pending / approved / rejected with the reviewer's reason",
    data: z.object({ items: z.array(depositView) }),
  }),
  deposit: endpoint({
    method: 'post', path: 'cash/deposits', tag: 'cash', auth: 'user', idempotent: true,
    summary: 'Request a deposit with the receipt (no money moves until an admin approves; one pending at a time)',
    body: z.object({ channelId: z.string().min(1).max(64), amount: depositAmount, receiptUploadId: z.string().min(1).max(64) }),
    data: z.object({ deposit: depositView }),
  }),
};

const channelBody = z.object({
  type: z.enum(DEPOSIT_CHANNEL_TYPES),
  label: z.string().trim().min(1).max(60),
  bankName: z.string().trim().min(1).max(60).optional(),
  branchName: z.string().trim().min(1).max(60).optional(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).optional(),
  accountNumber: z.string().regex(/^\d{7}$/).optional(),
  holder: z.string().trim().min(1).max(100).optional(),
  network: z.enum(WALLET_NETWORKS).optional(),
  /** USDT: the operator's addresses on `network`, each checked (format and checksum), one per user. */
  addresses: z.array(z.string().trim().min(10).max(100)).min(1).max(1000).optional(),
  reason: depositReason,
});

export const depositAdminApi = {
  channels: endpoint({
    method: 'get', path: 'admin/deposit-channels', tag: 'admin', auth: 'admin',
    summary: 'Every deposit channel, active or disabled',
    data: z.object({ items: z.array(depositChannelView) }),
  }),
  createChannel: endpoint({
    method: 'post', path: 'admin/deposit-channels', tag: 'admin', auth: 'admin',
    summary: 'Create a deposit channel (bank: bank, branch, type, number, holder company; usdt: network and the operator addresses to give out, one per user), audited',
    body: channelBody,
    data: z.object({ channel: depositChannelView }),
  }),
  addAddresses: endpoint({
    method: 'post', path: 'admin/deposit-channels/{id}/addresses', tag: 'admin', auth: 'admin',
    summary: 'Load more operator addresses into a USDT channel (each checked; ones already loaded are refused), audited',
    params: idParams,
    body: z.object({ addresses: z.array(z.string().trim().min(10).max(100)).min(1).max(1000), reason: depositReason }),
    data: z.object({ channel: depositChannelView }),
  }),
  disableChannel: endpoint({
    method: 'post', path: 'admin/deposit-channels/{id}/disable', tag: 'admin', auth: 'admin',
    summary: 'Disable a deposit channel with a reason (audited); pending deposits through it stay reviewable',
    params: idParams, body: z.object({ reason: depositReason }),
    data: z.object({ channel: depositChannelView }),
  }),
  queue: endpoint({
    method: 'get', path: 'admin/deposits', tag: 'admin', auth: 'admin',
    summary: 'Deposits by status (default pending), oldest first; with the user\'s history on request',
    query: z.object({
      status: z.enum(DEPOSIT_STATUSES).default('pending'),
      userId: z.string().max(64).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    data: z.object({ items: z.array(depositQueueItem) }),
  }),
  approve: endpoint({
    method: 'post', path: 'admin/deposits/{id}/approve', tag: 'admin', auth: 'admin', idempotent: true,
    summary: 'Approve: clearing → the user\'s cash in the channel\'s currency, a shortfall repaid first; amount may be corrected (the reason is shown to the user)',
    params: idParams, body: z.object({ reason: depositReason, amount: depositAmount.optional() }),
    data: z.object({ deposit: depositQueueItem }),
  }),
  reject: endpoint({
    method: 'post', path: 'admin/deposits/{id}/reject', tag: 'admin', auth: 'admin',
    summary: 'Reject a pending deposit with a reason the user sees (audited); nothing is credited',
    params: idParams, body: z.object({ reason: depositReason }),
    data: z.object({ deposit: depositQueueItem }),
  }),
};

// ─── Withdrawals (docs/domain.md "Withdrawals"; the "withdrawals" part of this area) ─────────────

export const WITHDRAWAL_STATUSES = ['pending', 'paid', 'returned', 'cancelled'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

const withdrawalReason = z.string().trim().min(2).max(500);

/** Where the money goes, as the user sees it: bank account number and wallet address masked. */
export const withdrawalDestination = z.object({
  type: z.enum(['bank', 'wallet']),
  id: z.string(),
  /** One line: "三菱ＵＦＪ銀行 本店 普通 •••4567" or "TRC20 TJRyWw…8Yb3". */
  label: z.string(),
});

export const withdrawalView = z.object({
  id: z.string(),
  currency: z.string(),
  amount: z.number().int(),
  status: z.enum(WITHDRAWAL_STATUSES),
  destination: withdrawalDestination,
  /** Tokyo date the money is expected: same business day before the cut-off, else the next one. */
  expectedOn: z.string(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
  cancelledAt: z.number().int().nullable(),
  /** The reviewer's reason, shown to the user. */
  reason: z.string().nullable(),
});
export type WithdrawalView = z.infer<typeof withdrawalView>;

/** How the withdrawable amount is computed (src/shared/domain/withdrawable.ts), in one currency's minor unit. */
export const withdrawableView = z.object({
  held: z.number().int(),
  unsettled: z.number().int(),
  frozen: z.number().int(),
  margin: z.number().int(),
  collateral: z.number().int(),
  shortfallOwed: z.number().int(),
  withdrawable: z.number().int(),
});

/** The stated rules of a withdrawal now (config items), so the screen shows them before the user types. */
export const withdrawalRules = z.object({
  min: z.number().int(),
  max: z.number().int(),
  /** Accepting hours, Asia/Tokyo ("09:30-24:00"), and whether only on Tokyo business days. */
  hours: z.string(),
  weekdaysOnly: z.boolean(),
  cutoff: z.string(),
  /** Whether a request would be accepted at this moment by the hours rule. */
  openNow: z.boolean(),
  /** The expected arrival of a request made now. */
  expectedOn: z.string(),
});

export const withdrawalAdminItem = withdrawalView.extend({
  userId: z.string(),
  phone: z.string(),
  /** The destination in full, for the operator making the transfer. */
  bank: z
    .object({ bankCode: z.string(), bankName: z.string(), branchCode: z.string(), branchName: z.string(), type: z.enum(BANK_ACCOUNT_TYPES), number: z.string(), holderKana: z.string() })
    .nullable(),
  wallet: z.object({ network: z.enum(WALLET_NETWORKS), address: z.string() }).nullable(),
  /** The user's withdrawable amount at the time of this answer (the request's own amount is already frozen). */
  withdrawableNow: z.number().int(),
});
export type WithdrawalAdminItem = z.infer<typeof withdrawalAdminItem>;

export const withdrawalApi = {
  withdrawals: endpoint({
    method: 'get', path: 'cash/withdrawals', tag: 'cash', auth: 'user',
    summary: "The user's withdrawals (newest first, destination masked, reviewer's reason), the rules now and how the withdrawable amount is computed",
    data: z.object({
      items: z.array(withdrawalView),
      /** Bank withdrawals: yen; `breakdown` is the yen one. */
      rules: withdrawalRules,
      breakdown: withdrawableView,
      /** Wallet withdrawals pay out the USDT balance, in USDT cents, with their own limits (same hours and cut-off). */
      usdt: z.object({ min: z.number().int(), max: z.number().int(), breakdown: withdrawableView }),
    }),
  }),
  withdraw: endpoint({
    method: 'post', path: 'cash/withdrawals', tag: 'cash', auth: 'user', idempotent: true,
    summary: 'Request a withdrawal: yen to an own bank account, or USDT to an own wallet (verified identity, fund password, hours, min/max, ≤ withdrawable in that currency); the amount is frozen until review',
    body: z
      .object({
        amount: z.number().int().positive().max(1_000_000_000_000),
        bankAccountId: z.string().min(1).max(64).optional(),
        walletId: z.string().min(1).max(64).optional(),
        fundPassword: z.string().min(1).max(64),
      })
      .refine((b) => (b.bankAccountId === undefined) !== (b.walletId === undefined), { message: 'one of bankAccountId or walletId' }),
    data: z.object({ withdrawal: withdrawalView }),
  }),
  cancelWithdrawal: endpoint({
    method: 'post', path: 'cash/withdrawals/{id}/cancel', tag: 'cash', auth: 'user', idempotent: true,
    summary: 'Cancel a pending withdrawal: the frozen amount returns to cash (another user\'s id answers like a missing one)',
    params: idParams,
    data: z.object({ withdrawal: withdrawalView }),
  }),
};

export const withdrawalAdminApi = {
  queue: endpoint({
    method: 'get', path: 'admin/withdrawals', tag: 'admin', auth: 'admin',
    summary: 'Withdrawals by status (default pending), oldest first, with the destination in full and the user\'s withdrawable now',
    query: z.object({
      status: z.enum(WITHDRAWAL_STATUSES).default('pending'),
      limit: z.coerce.number().int().min(1).max(100).default(50),
    }),
    data: z.object({ items: z.array(withdrawalAdminItem) }),
  }),
  approve: endpoint({
    method: 'post', path: 'admin/withdrawals/{id}/approve', tag: 'admin', auth: 'admin', idempotent: true,
    summary: 'Approve: paid (frozen → bank or wallet clearing), with a reason the user sees (audited)',
    params: idParams, body: z.object({ reason: withdrawalReason }),
    data: z.object({ withdrawal: withdrawalAdminItem }),
  }),
  reject: endpoint({
    method: 'post', path: 'admin/withdrawals/{id}/reject', tag: 'admin', auth: 'admin', idempotent: true,
    summary: 'Reject: returned (frozen → cash), with a reason the user sees (audited)',
    params: idParams, body: z.object({ reason: withdrawalReason }),
    data: z.object({ withdrawal: withdrawalAdminItem }),
  }),
};
