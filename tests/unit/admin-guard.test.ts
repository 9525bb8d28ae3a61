// @vitest-environment jsdom
/**
 * The back office's route guard (src/app/routes/-lib/guards.ts): /admin/* needs a session and the
 * admin flag of the sign-in; a signed-out visitor goes to the login page (and back after), a
 * signed-in non-admin to My page. The server refuses admin calls regardless (tests/api/admin-users).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { requireAdmin } from '../../src/app/routes/-lib/guards';
import { auditSearch } from '../../src/app/routes/-lib/search';
import { clearSession, setSession } from '../../src/app/storage';

/** The redirect `fn` throws, or null when it lets the navigation through. */
function redirectOf(fn: () => void): { to?: string; search?: unknown } | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (!isRedirect(e)) throw e;
    return e.options as { to?: string; search?: unknown };
  }
}

const at = (pathname: string) => ({ location: { pathname } });

describe('requireAdmin', () => {
  beforeEach(() => {
    localStorage.clear();
    clearSession();
  });

  it('sends a signed-out visitor to the login page, returning to the admin screen after', () => {
    expect(redirectOf(() => requireAdmin(at('/admin/users')))).toMatchObject({ to: '/login/login', search: { redirect: '/admin/users' } });
  });

  it('sends a signed-in user who is not an admin to My page', () => {
    setSession({ token: 't'.repeat(43), account: '09011112222', is_admin: false });
    expect(redirectOf(() => requireAdmin(at('/admin/audit')))).toMatchObject({ to: '/information/index' });
  });

  it('lets an admin through', () => {
    setSession({ token: 't'.repeat(43), account: '09000000001', is_admin: true });
    expect(redirectOf(() => requireAdmin(at('/admin/users')))).toBeNull();
  });

  it('stops letting them through once the session is gone', () => {
    setSession({ token: 't'.repeat(43), account: '09000000001', is_admin: true });
    clearSession();
    expect(redirectOf(() => requireAdmin(at('/admin/config')))?.to).toBe('/login/login');
  });

  it('only the exact stored flag "true" counts as admin', () => {
    setSession({ token: 't'.repeat(43), account: '09011112222', is_admin: false });
    localStorage.setItem('is_admin', 'yes');
    expect(redirectOf(() => requireAdmin(at('/admin/users')))?.to).toBe('/information/index');
    localStorage.setItem('is_admin', 'true');
    expect(redirectOf(() => requireAdmin(at('/admin/users')))).toBeNull();
  });
});

describe('the audit log filters in the URL', () => {
  it('keeps well-formed filters and drops the rest', () => {
    expect(auditSearch({ admin: ' 09000000001 ', target: 'sellAfterDays', action: 'config.set' })).toEqual({
      admin: '09000000001', target: 'sellAfterDays', action: 'config.set',
    });
    expect(auditSearch({ action: 'DROP TABLE', target: 'x'.repeat(65), admin: 42 })).toEqual({ admin: '42', target: undefined, action: undefined });
  });
});
