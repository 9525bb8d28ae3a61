import { cashApi, type BankAccountType } from '../../../shared/api/cash';
import type { WalletNetwork } from '../../../shared/domain/wallet-address';
import { apiCall } from '../../api/client';
import { endpointArea, endpointKey, endpointQuery } from '../../api/query';

/**
 * The cash area's reads and commands (bank accounts, wallets, the Zengin bank list). The lists are
 * persisted like the other lists, so they read offline with their age; searches are not.
 */
export function bankAccountsQuery() {
  return endpointQuery(cashApi.bankAccounts, {}, { staleTime: 30_000 });
}
export const bankAccountsKey = endpointKey(cashApi.bankAccounts);

export function walletsQuery() {
  return endpointQuery(cashApi.wallets, {}, { staleTime: 30_000 });
}
export const walletsKey = endpointKey(cashApi.wallets);

/** Everything of the area (after a command). */
export const cashKey = endpointArea(cashApi.bankAccounts);

export function banksQuery(q: string) {
  return endpointQuery(cashApi.banks, { query: { q } }, { silent: true, staleTime: 10 * 60_000, gcTime: 10 * 60_000, meta: { persist: false } });
}

export function branchesQuery(code: string, q: string) {
  return endpointQuery(cashApi.branches, { params: { code }, query: { q } }, { silent: true, staleTime: 10 * 60_000, gcTime: 10 * 60_000, meta: { persist: false } });
}

/** Failures are shown next to the form (silent: no second toast). */
export function addBankAccount(body: { bankCode: string; branchCode: string; type: BankAccountType; number: string; holderKana: string; fundPassword: string }) {
  return apiCall(cashApi.addBankAccount, { body, silent: true });
}

export function deleteBankAccount(id: string) {
  return apiCall(cashApi.deleteBankAccount, { params: { id } });
}

export function addWallet(body: { network: WalletNetwork; address: string; label?: string; fundPassword: string }) {
  return apiCall(cashApi.addWallet, { body, silent: true });
}

export function deleteWallet(id: string) {
  return apiCall(cashApi.deleteWallet, { params: { id } });
}
