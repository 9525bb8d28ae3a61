import { route } from '../module';
import { cashApi } from '../../../shared/api/cash';
import type { CashService } from './service';

export function cashRoutes(cash: CashService) {
  return [
    route(cashApi.banks, ({ query }) => cash.searchBanks(query.q)),
    route(cashApi.branches, ({ params, query }) => cash.searchBranches(params.code, query.q)),
    route(cashApi.bankAccounts, ({ user }) => cash.bankAccounts(user)),
    route(cashApi.addBankAccount, ({ user, body }) => cash.addBankAccount(user, body)),
    route(cashApi.deleteBankAccount, ({ user, params }) => cash.deleteBankAccount(user.id, params.id)),
    route(cashApi.wallets, ({ user }) => cash.wallets(user)),
    route(cashApi.addWallet, ({ user, body }) => cash.addWallet(user, body)),
    route(cashApi.deleteWallet, ({ user, params }) => cash.deleteWallet(user.id, params.id)),
  ];
}
