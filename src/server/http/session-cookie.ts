import type { Context } from 'hono';
import { generateCookie, getCookie } from 'hono/cookie';
import { SESSION_MAX_AGE_MS } from '../../shared/domain/account';
import { BROWSER_HEADER } from '../../shared/api/session';

/*
 * The browser's session cookie (docs/decisions/002-accounts-and-sessions.md, "Follow-up: the session
 * cookie"): `__Host-kabuto_session=<token>; Max-Age=<90 days>; Path=/; HttpOnly; Secure;
 * SameSite=Strict`. `__Host-` makes the browser refuse it unless it is Secure, has Path=/ and no
 * Domain, so no other host (a sibling subdomain) can set or shadow it. HttpOnly keeps the token out
 * of reach of the page's scripts; SameSite=Strict keeps it off every request another site starts.
 * Its Max-Age is the session's absolute lifetime (SESSION_MAX_AGE_MS): the cookie never outlives the
 * longest a session can live, and the server's idle and absolute expiry decide whether it still
 * signs anyone in.
 *
 * Browsers treat http://localhost and http://127.0.0.1 as secure contexts and accept a Secure cookie
 * from them, so the dev server and the end-to-end run (plain HTTP on 127.0.0.1) use the same cookie.
 */

/** The name Hono's helper is given; with `prefix: 'host'` the browser sees SESSION_COOKIE. */
const NAME = 'kabuto_session';
export const SESSION_COOKIE = `__Host-${NAME}`;

const ATTRIBUTES = { prefix: 'host', httpOnly: true, sameSite: 'Strict' } as const;

/** The Set-Cookie value that hands a browser its session. */
export function sessionCookie(token: string): string {
  return generateCookie(NAME, token, { ...ATTRIBUTES, maxAge: Math.floor(SESSION_MAX_AGE_MS / 1000) });
}

/** The Set-Cookie value that deletes the session cookie (logout). */
export function clearedSessionCookie(): string {
  return generateCookie(NAME, '', { ...ATTRIBUTES, maxAge: 0 });
}

/** The session token the request's cookie carries, if any. */
export function cookieToken(c: Context): string | undefined {
  return getCookie(c, NAME, 'host') || undefined;
}

/** Whether the request says it comes from the browser app (BROWSER_HEADER). */
export function fromBrowserApp(c: Context): boolean {
  return c.req.header(BROWSER_HEADER.name) === BROWSER_HEADER.value;
}

/** Methods that change nothing: a cookie alone may authenticate them. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function changesState(c: Context): boolean {
  return !SAFE_METHODS.has(c.req.method);
}
