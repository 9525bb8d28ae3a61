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
});
export type BankAccountView = z.infer<typeof bankAccountView>;

export const walletView = z.object({
  id: z.string(),
  network: z.enum(WALLET_NETWORKS),
  address: z.string(),
  label: z.string().nullable(),
  createdAt: z.number().int(),
});
export type WalletView = z.infer<typeof walletView>;

/** What the screens need to know about the user's identity check (KYC) before adding a destination. */
const identity = z.object({
  /** Adding needs a verified identity (real_name_required otherwise); listing and deleting do not. */
  verified: z.boolean(),
  /** The verified name kana, normalised as a holder name: the only holder an account may have. */
  holderKana: z.string().nullable(),
});

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
    data: z.object({ items: z.array(bankAccountView), max: z.number().int(), identity }),
  }),
  addBankAccount: endpoint({
    method: 'post', path: 'cash/bank-accounts', tag: 'cash', auth: 'user',
    summary: 'Register an own-name bank account (verified identity; the holder must be the verified kana)',
    body: z.object({
      bankCode: z.string().max(10),
      branchCode: z.string().max(10),
      type: z.enum(BANK_ACCOUNT_TYPES),
      number: z.string().max(20),
      holderKana: z.string().max(200),
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
    data: z.object({ items: z.array(walletView), max: z.number().int(), identity }),
  }),
  addWallet: endpoint({
    method: 'post', path: 'cash/wallets', tag: 'cash', auth: 'user',
    summary: 'Register a USDT address (TRC20 base58check, ERC20 with its EIP-55 checksum when mixed case); verified identity',
    body: z.object({ network: z.enum(WALLET_NETWORKS), address: z.string().max(200), label: z.string().max(200).optional() }),
    data: z.object({ wallet: walletView }),
  }),
  deleteWallet: endpoint({
    method: 'delete', path: 'cash/wallets/{id}', tag: 'cash', auth: 'user',
    summary: 'Remove a wallet address (another user\'s id answers like a missing one)',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
  }),
};
