import { route, type AnyEndpoint, type Route } from '../module';
import { passkeyApi, STEP_UP_HEADER } from '../../../shared/api/passkey';
import { accountApi } from '../../../shared/api/account';
import type { AuthUser } from '../../auth/principal';
import type { PasskeyService } from './passkeys';

const ok = { ok: true as const };

export function passkeyRoutes(passkeys: PasskeyService) {
  return [
    route(passkeyApi.registerOptions, ({ user, request }) => passkeys.registerOptions(user, request)),
    route(passkeyApi.register, ({ user, body, request }) => passkeys.register(user, body, request)),
    route(passkeyApi.list, ({ user }) => passkeys.list(user.id)),
    route(passkeyApi.remove, ({ user, params, request }) => passkeys.remove(user, params.id, request).then(() => ok)),
    route(passkeyApi.loginOptions, ({ request }) => passkeys.loginOptions(request)),
    route(passkeyApi.login, ({ body, request }) => passkeys.login(body, request)),
    route(passkeyApi.settings, ({ user }) => passkeys.settings(user)),
    route(passkeyApi.setSettings, ({ user, body, request }) => passkeys.setSettings(user, body, request)),
    route(passkeyApi.verifyOptions, ({ user, request }) => passkeys.verifyOptions(user, request)),
    route(passkeyApi.verify, ({ user, body, request }) => passkeys.verify(user, body, request)),
  ];
}

/**
 * High-risk commands: with a passkey registered, each needs a fresh step-up token (`X-Step-Up`,
 * from `passkeys/verify`), checked before the command runs. Withdrawals join this list when they
 * land (docs/decisions/008-passkeys.md).
 */
export const STEP_UP_ENDPOINTS: readonly AnyEndpoint[] = [accountApi.changePassword, accountApi.fundPassword];

/** Wraps the routes of `endpoints` so they first spend the caller's step-up token. */
export function withStepUp(routes: Route[], passkeys: PasskeyService, endpoints: readonly AnyEndpoint[] = STEP_UP_ENDPOINTS): Route[] {
  return routes.map((r) =>
    endpoints.includes(r.endpoint)
      ? {
          endpoint: r.endpoint,
          handle: async (input) => {
            await passkeys.requireStepUp(input.user as unknown as AuthUser, input.request.header(STEP_UP_HEADER));
            return r.handle(input);
          },
        }
      : r,
  );
}
