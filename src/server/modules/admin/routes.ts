import { createRouter, mount } from '../../http/contract';
import { adminApi } from '../../../shared/api/admin';

/** Admin commands; `auth: 'admin'` in the contract gives 401 without a session and 403 `admin_only` otherwise. */
export function adminRoutes() {
  const r = createRouter();
  mount(r, adminApi.audit, ({ query, c }) => c.get('services').audit.list(query));
  mount(r, adminApi.setUserState, ({ user, params, body, c }) =>
    c.get('services').accounts.setState(user, params.id, body.state, body.reason),
  );
  mount(r, adminApi.setConfig, ({ user, body, c }) =>
    c.get('services').config.set(body.name, body.value, { adminId: user.id, reason: body.reason }),
  );
  return r;
}
