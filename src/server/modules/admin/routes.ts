import { route } from '../module';
import { adminApi } from '../../../shared/api/admin';
import type { AccountService } from '../account';
import type { ConfigService } from '../config';
import type { AdminService } from './service';

/** The back office's own endpoints; `auth: 'admin'` in the contract gives 401 without a session and 403 `admin_only` otherwise. */
export function adminRoutes(admin: AdminService, accounts: AccountService, config: ConfigService) {
  return [
    route(adminApi.audit, ({ query }) => admin.audit(query)),
    route(adminApi.users, ({ query }) => admin.users(query)),
    route(adminApi.user, ({ params }) => admin.user(params.id)),
    route(adminApi.setUserState, ({ user, params, body }) => accounts.setState(user, params.id, body.state, body.reason)),
    route(adminApi.config, () => admin.config()),
    route(adminApi.setConfig, ({ user, body }) => config.set(body.name, body.value, { adminId: user.id, reason: body.reason })),
    route(adminApi.blockBand, ({ query }) => admin.blockBand(query.code)),
  ];
}
