import { route } from '../module';
import { accountApi } from '../../../shared/api/account';
import type { AccountService } from './service';

const ok = { ok: true as const };

export function accountRoutes(accounts: AccountService) {
  return [
    route(accountApi.register, ({ body, request }) => accounts.register(body, request.ip, accounts.loginClient(request))),
    route(accountApi.login, ({ body, request }) => accounts.login(body, request.ip, request.sessionToken(), accounts.loginClient(request))),
    route(accountApi.logout, ({ user }) => accounts.logout(user).then(() => ok)),
    route(accountApi.info, ({ user }) => accounts.info(user.id)),
    route(accountApi.changePassword, ({ user, body, request }) => accounts.changePassword(user, body, request.ip).then(() => ok)),
    route(accountApi.fundPassword, ({ user, body, request }) => accounts.setFundPassword(user.id, body, request.ip).then(() => ok)),
  ];
}
