import { redirect } from '@tanstack/react-router';
import { REDIRECT_PATTERN } from './search';
import { isAdmin, isSignedIn } from '../../storage';

/** An app-internal path to return to after signing in (never another origin). */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 && REDIRECT_PATTERN.test(value) ? value : undefined;
}

/** `beforeLoad` of screens that need a session: signed out (no account hint), go to the login page. */
export function requireSession({ location }: { location: { pathname: string } }): void {
  if (!isSignedIn()) {
    throw redirect({ to: '/login/login', search: { redirect: safeRedirect(location.pathname) }, replace: true });
  }
}

/**
 * `beforeLoad` of the back office (/admin/*): a session, and the admin flag the sign-in answered;
 * anyone else goes to My page. This only keeps the screens out of sight: the server refuses every
 * admin endpoint to a non-admin (403 admin_only) whatever the browser claims.
 */
export function requireAdmin(ctx: { location: { pathname: string } }): void {
  requireSession(ctx);
  if (!isAdmin()) throw redirect({ to: '/information/index', replace: true });
}
