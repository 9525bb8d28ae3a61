/** Account area: registration, login, sessions, passwords, fund password and account states. */
import { defineModule } from '../module';
import { accountRoutes } from './routes';
import type { AccountService } from './service';
import type { PasskeyService } from './passkeys';
import { passkeyRoutes, withStepUp } from './passkeys-routes';
import type { LoginHistory } from './logins';
import { loginRoutes } from './login-routes';

export { AccountService } from './service';
export { SessionService } from './sessions';
export { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './rate-limit';
export { FundPasswords } from './fund-password';
export { Reauth } from './reauth';
export { FreshLogins } from './fresh-login';
export { PasskeyService } from './passkeys';
export { LoginHistory, type LoginAlert, type LoginAlerts } from './logins';
export { withFundsUnlocked } from './login-routes';
export { hashPassword, verifyPassword } from './passwords';
export { newInviteCode } from './rules';
export {
  accountExists, accountIdByPhone, anyAdminId, createAccount, ensureAdminAccount,
  type AdminAccountSpec, type EnsuredAdmin, type NewAccount,
} from './provisioning';

export const accountModule = defineModule({
  name: 'account',
  routes: (s: { accounts: AccountService; passkeys: PasskeyService; logins: LoginHistory }) => [
    ...withStepUp(accountRoutes(s.accounts), s.passkeys),
    ...passkeyRoutes(s.passkeys),
    ...loginRoutes(s.logins),
  ],
});
