// @vitest-environment jsdom
/**
 * Adding a payout destination (docs/domain.md "Bank accounts and wallets") through the real router
 * against a mocked API: a session whose sign-in is too old is led to the re-login screen (and back)
 * instead of a form, a user without a fund password to set one; a fresh session's form sends the
 * fund password, and a refusal for an old sign-in met while filling it leads to the re-login too.
 * The list shows when a new destination may first receive.
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
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let fundPasswordSet = true;
let freshLoginMs = 300_000;
let walletItems: unknown[] = [];
let addAnswer: { status: number; body: Record<string, unknown> | null } = { status: 200, body: null };
const sent: unknown[] = [];
const user = () => ({
  id: '01a201fb-a964-71b6-95ed-39d9a76b69bf', phone: '09011112222', state: 'active', stateReason: null,
  inviteCode: 'Z9WTWTB8', isAdmin: false, fundPasswordSet, kycStatus: 'verified', createdAt: 1_790_000_000_000,
});
const identity = { verified: true, holderKana: 'ヤマダ　タロウ' };
const server = setupServer(
  http.post('*/api/vue/common/config', () => ok([{ name: 'payoutHoldHours', value: 24 }])),
  http.get('*/api/vue/user/info', () => ok(user())),
  http.get('*/api/vue/cash/bank-accounts', () => ok({ items: [], max: 5, identity, freshLoginMs })),
  http.get('*/api/vue/cash/wallets', () => ok({ items: walletItems, max: 5, identity, freshLoginMs })),
  http.post('*/api/vue/cash/wallets', async ({ request }) => {
    sent.push(await request.json());
    return HttpResponse.json(addAnswer.body, { status: addAnswer.status });
  }),
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
});
afterAll(() => server.close());
beforeEach(async () => {
  localStorage.clear();
  setLanguage('jp');
  await activateLanguage('jp');
  setSession({ token: 't', account: '09011112222', is_admin: false });
  fundPasswordSet = true;
  freshLoginMs = 300_000;
  walletItems = [];
  addAnswer = { status: 200, body: null };
  sent.length = 0;
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('adding a payout destination', () => {
  it('an old sign-in is led to the re-login screen and back, instead of a form', async () => {
    freshLoginMs = 0;
    const router = renderApp('/information/addBankCard');
    const notice = await screen.findByTestId('reauth-required');
    expect(notice.textContent).toContain('ログインから5分以内');
    expect(screen.queryByRole('button', { name: '口座を登録する' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '再ログインする' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/reLogin'));
    expect(router.state.location.search).toEqual({ redirect: '/information/addBankCard', reason: 'payout' });
    expect((await screen.findByTestId('relogin-reason')).textContent).toContain('出金先の登録の前にもう一度ログイン');
  });

  it('without a fund password the user is sent to set one', async () => {
    fundPasswordSet = false;
    renderApp('/information/addBankCard');
    const notice = await screen.findByTestId('fund-password-required');
    expect(notice.querySelector('a')?.getAttribute('href')).toContain('/information/fundPass');
    expect(screen.queryByTestId('destination-fund-password')).toBeNull();
  });

  it('a fresh session adds a wallet with the fund password; a refusal for an old sign-in leads to the re-login', async () => {
    renderApp('/information/usdtAddress');
    expect((await screen.findByTestId('hold-lead')).textContent).toContain('24時間');
    fireEvent.change(screen.getByRole('textbox', { name: 'USDTアドレス' }), { target: { value: TRC20 } });
    fireEvent.change(screen.getByTestId('destination-fund-password'), { target: { value: '135790' } });
    addAnswer = { status: 403, body: { status: 0, msg: 'reauth_required', params: { minutes: 5 } } };
    fireEvent.click(screen.getByRole('button', { name: 'アドレスを登録する' }));
    await screen.findByTestId('reauth-required');
    expect(sent).toEqual([{ network: 'TRC20', address: TRC20, fundPassword: '135790' }]);
    expect(screen.queryByTestId('destination-fund-password')).toBeNull();
  });

  it('the list says when a new wallet may first receive', async () => {
    walletItems = [{ id: 'w1', network: 'TRC20', address: TRC20, label: null, createdAt: 1_790_000_000_000, usableAt: Date.parse('2026-11-25T01:00:00Z') }];
    renderApp('/information/usdtAddress');
    expect((await screen.findByTestId('destination-hold')).textContent).toBe('2026.11.25 10:00 から出金先として利用できます');
  });
});
