/** Account area: registration, login, sessions, passwords, fund password and account states. */
import { defineModule } from '../module';
import { accountRoutes } from './routes';
import type { AccountService } from './service';
import type { PasskeyService } from './passkeys';
import { passkeyRoutes, withStepUp } from './passkeys-routes';

export { AccountService } from './service';
export { SessionService } from './sessions';
export { DEFAULT_LOGIN_LIMITS, LoginLimiter, type LoginLimits } from './rate-limit';
export { FundPasswords } from './fund-password';
export { Reauth } from './reauth';
export { PasskeyService } from './passkeys';
export { hashPassword, verifyPassword } from './passwords';
export { newInviteCode } from './rules';
export { findById as findUserById } from './repo';
export * as users from './repo';

export const accountModule = defineModule({
  name: 'account',
  routes: (s: { accounts: AccountService; passkeys: PasskeyService }) => [
    ...withStepUp(accountRoutes(s.accounts), s.passkeys),
    ...passkeyRoutes(s.passkeys),
  ],
});
