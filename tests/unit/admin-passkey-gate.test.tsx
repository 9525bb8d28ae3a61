// @vitest-environment jsdom
/**
 * Phishing-resistant sign-in on the client (docs/decisions/008-passkeys.md, "Follow-up"), through the
 * real router against a mocked API: /admin shows an admin's password session the first setup
 * (register a passkey, then sign in again with it) and asks the server for no back-office data; a
 * passkey session gets the back office; a password refused for an account that requires a passkey
 * leads to the passkey sign-in.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { createQueryClient } from '../../src/app/query/client';
import { createAppRouter } from '../../src/app/router';
import { clearSession, setLanguage, setSession } from '../../src/app/storage';

const ok = (data: unknown) => HttpResponse.json({ status: 1, msg: '', data });
let settings = { requireAtLogin: false, count: 0, session: 'password' as 'password' | 'passkey' };
const adminReads: string[] = [];
const server = setupServer(
  http.post('*/api/vue/common/config', () => ok([])),
  http.get('*/api/vue/passkeys/settings', () => ok(settings)),
  http.get('*/api/vue/admin/users', ({ request }) => {
    adminReads.push(request.url);
    return ok({ items: [], next: null });
  }),
  http.post('*/api/vue/user/login', () => HttpResponse.json({ status: 0, msg: 'passkey_login_required' }, { status: 403 })),
);

function renderApp(path: string) {
  window.location.hash = `#${path}`;
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  // The back office keeps its current menu entry in sight; jsdom lays nothing out.
  Element.prototype.scrollIntoView = () => {};
  // jsdom has no WebAuthn; the screens only look for it (the ceremonies are not run here).
  (window as unknown as { PublicKeyCredential: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
});
afterAll(() => server.close());
beforeEach(async () => {
  localStorage.clear();
  setLanguage('jp');
  await activateLanguage('jp');
  settings = { requireAtLogin: false, count: 0, session: 'password' };
  adminReads.length = 0;
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('the back office and passkeys', () => {
  it("shows an admin's password session the first setup, not the back office", async () => {
    setSession({ token: 't', account: '09000000001', is_admin: true });
    renderApp('/admin/users');
    expect(await screen.findByTestId('admin-passkey-setup')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'パスキーを登録' }).hasAttribute('disabled')).toBe(false);
    // Step 2 waits for a passkey.
    expect(screen.getByRole('button', { name: 'パスキーでログイン' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('navigation', { name: '管理メニュー' })).toBeNull();
    expect(adminReads).toEqual([]);
  });

  it('with a passkey registered, step 2 is the way in', async () => {
    settings = { requireAtLogin: false, count: 1, session: 'password' };
    setSession({ token: 't', account: '09000000001', is_admin: true });
    renderApp('/admin/users');
    expect(await screen.findByText('登録済みです。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'パスキーを登録' })).toBeNull();
    expect(screen.getByRole('button', { name: 'パスキーでログイン' }).hasAttribute('disabled')).toBe(false);
  });

  it("opens the back office to an admin's passkey session", async () => {
    settings = { requireAtLogin: false, count: 1, session: 'passkey' };
    setSession({ token: 't', account: '09000000001', is_admin: true });
    renderApp('/admin/users');
    expect(await screen.findByRole('navigation', { name: '管理メニュー' })).toBeTruthy();
    expect(screen.queryByTestId('admin-passkey-setup')).toBeNull();
    await waitFor(() => expect(adminReads.length).toBeGreaterThan(0));
  });

  it('a password refused for an account that requires a passkey leads to the passkey sign-in', async () => {
    renderApp('/login/login');
    fireEvent.change(await screen.findByLabelText('電話番号'), { target: { value: '09011112222' } });
    fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'right-pass-123' } });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    const notice = await screen.findByText(/パスワードだけではログインできません/);
    expect(notice.closest('.passkey-required')?.querySelector('button')?.textContent).toContain('パスキーでログイン');
  });
});
