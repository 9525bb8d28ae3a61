import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import type { AuthUser } from '../auth/principal';
import { forbidden, unauthenticated } from '../errors';

/** Header `token` must name a live session (docs/domain.md); otherwise the 401 envelope. */
export async function signedInUser(c: Context<AppEnv>): Promise<AuthUser> {
  const token = c.req.header('token');
  if (!token) throw unauthenticated('login_required');
  const user = await c.get('services').sessions.authenticate(token);
  c.set('user', user);
  return user;
}

export function assertAdmin(user: AuthUser): void {
  if (!user.isAdmin) throw forbidden('admin_only');
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  await signedInUser(c);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  assertAdmin(c.get('user'));
  await next();
};
