import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { actsAsStaff, type AuthUser } from '../auth/principal';
import { forbidden, unauthenticated } from '../errors';
import { BROWSER_HEADER } from '../../shared/api/session';
import { changesState, cookieToken, fromBrowserApp, sessionCookie } from './session-cookie';

/**
 * The session a request presents, unchecked: the `token` header (the Capacitor app, API clients),
 * else the browser's session cookie (session-cookie.ts).
 */
export function presentedToken(c: Context<AppEnv>): string | undefined {
  return c.req.header('token') || cookieToken(c);
}

/**
 * The signed-in user, or the 401 envelope (docs/decisions/002-accounts-and-sessions.md, "Follow-up:
 * the session cookie"):
 * - the `token` header names a live session: signed in. No CSRF check (a browser never adds that
 *   header by itself). When the browser app sends it (BROWSER_HEADER: a browser migrating the token
 *   it kept in localStorage) without the cookie for it, the answer sets the cookie;
 * - else the session cookie names a live session: signed in, but a state-changing request must also
 *   carry BROWSER_HEADER, or it is refused 403 `forbidden` {header} before the session is used;
 * - neither: 401 login_required.
 */
export async function signedInUser(c: Context<AppEnv>): Promise<AuthUser> {
  const sessions = c.get('services').sessions;
  const header = c.req.header('token');
  if (header) {
    const user = await sessions.authenticate(header);
    c.set('user', user);
    if (fromBrowserApp(c) && cookieToken(c) !== header) c.set('setCookie', sessionCookie(header));
    return user;
  }
  const token = cookieToken(c);
  if (!token) throw unauthenticated('login_required');
  if (changesState(c) && !fromBrowserApp(c)) throw forbidden('forbidden', { header: BROWSER_HEADER.name });
  const user = await sessions.authenticate(token);
  c.set('user', user);
  return user;
}

/**
 * Every admin endpoint (contract.ts) and the test controls: an admin, signed in with a passkey. An
 * admin's password session is refused 403 `admin_passkey_required`, so a phished staff password
 * alone opens nothing of the back office (docs/decisions/008-passkeys.md, "Staff").
 */
export function assertAdmin(user: AuthUser): void {
  if (!user.isAdmin) throw forbidden('admin_only');
  if (!actsAsStaff(user)) throw forbidden('admin_passkey_required');
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await signedInUser(c);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAdmin(c.get('user'));
  await next();
};
