import { redirect } from '@tanstack/react-router';
import { REDIRECT_PATTERN } from './search';
import { getToken } from '../../storage';

/** An app-internal path to return to after signing in (never another origin). */
export function safeRedirect(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= 200 && REDIRECT_PATTERN.test(value) ? value : undefined;
}

/** `beforeLoad` of screens that need a session: without a token, go to the login page. */
export function requireSession({ location }: { location: { pathname: string } }): void {
  if (!getToken()) {
    throw redirect({ to: '/login/login', search: { redirect: safeRedirect(location.pathname) }, replace: true });
  }
}
