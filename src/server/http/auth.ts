import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './env';
import { forbidden, unauthenticated } from '../errors';

/** Header `token` must name a live session (docs/domain.md); otherwise the 401 envelope. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = c.req.header('token');
  if (!token) throw unauthenticated('login_required');
  const user = await c.get('services').sessions.authenticate(token);
  c.set('user', user);
  await next();
};

export const requireAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user').isAdmin) throw forbidden('admin_only');
  await next();
};
