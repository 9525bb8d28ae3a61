import { route, type AnyEndpoint, type Route } from '../module';
import { accountApi } from '../../../shared/api/account';
import type { LoginHistory } from './logins';

const ok = { ok: true as const };

/** The login history and devices screen (docs/domain.md "Login history and devices"). */
export function loginRoutes(logins: LoginHistory) {
  return [
    route(accountApi.sessions, ({ user }) => logins.liveSessions(user)),
    route(accountApi.revokeSession, ({ user, params }) => logins.revokeSession(user, params.id).then(() => ok)),
    route(accountApi.logins, ({ user }) => logins.history(user)),
    route(accountApi.reportLogin, ({ user, params }) => logins.report(user, params.id).then(() => ok)),
  ];
}

/**
 * Wraps the routes of `endpoints` (another area's fund actions: payout destination changes) so they
 * are refused while a reported sign-in keeps fund actions locked, before anything else runs — like
 * the step-up of passkeys-routes.ts. Commands checked by the fund password are refused by
 * AccountService.verifyFundPassword itself.
 */
export function withFundsUnlocked(routes: Route[], logins: Pick<LoginHistory, 'assertFundsUnlocked'>, endpoints: readonly AnyEndpoint[]): Route[] {
  return routes.map((r) =>
    endpoints.includes(r.endpoint)
      ? {
          endpoint: r.endpoint,
          handle: async (input) => {
            const user = input.user as { id: string } | undefined;
            if (user) await logins.assertFundsUnlocked(user.id);
            return r.handle(input);
          },
        }
      : r,
  );
}
