import { createRouter, mount } from '../../http/contract';
import { accountApi } from '../../../shared/api/account';

const ok = { ok: true as const };

export function accountRoutes() {
  const r = createRouter();
  mount(r, accountApi.register, ({ body, c }) => c.get('services').accounts.register(body, c.get('ip')));
  mount(r, accountApi.login, ({ body, c }) => c.get('services').accounts.login(body, c.get('ip')));
  mount(r, accountApi.logout, async ({ user, c }) => {
    await c.get('services').accounts.logout(user);
    return ok;
  });
  mount(r, accountApi.info, ({ user, c }) => c.get('services').accounts.info(user.id));
  mount(r, accountApi.changePassword, async ({ user, body, c }) => {
    await c.get('services').accounts.changePassword(user, body);
    return ok;
  });
  mount(r, accountApi.fundPassword, async ({ user, body, c }) => {
    await c.get('services').accounts.setFundPassword(user.id, body);
    return ok;
  });
  return r;
}
