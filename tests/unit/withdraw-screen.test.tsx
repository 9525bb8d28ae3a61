// @vitest-environment jsdom
/**
 * /information/cashOut through the real router against a mocked API: the withdrawable amount is
 * shown with its breakdown, the limits and hours; the expected arrival and a zero fee are shown
 * before confirming; confirming sends a money command (Idempotency-Key) with the fund password;
 * a missing KYC or destination says so with its link; a new destination says when it may receive
 * and the server's refusal before then is shown with that time.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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
const user = {
  id: '01a201fb-a964-71b6-95ed-39d9a76b69bf', phone: '09011112222', state: 'active', stateReason: null,
  inviteCode: 'Z9WTWTB8', isAdmin: false, fundPasswordSet: true, kycStatus: 'verified', createdAt: 1_790_000_000_000,
};
const account = {
  id: 'acc1', bankCode: '0005', bankName: '三菱ＵＦＪ', branchCode: '001', branchName: '本店', type: 'futsu', numberMasked: '•••4567', holderKana: 'ヤマダ　タロウ', createdAt: 1_790_000_000_000, usableAt: null as number | null,
};
const rules = { min: 100, max: 5_000_000, hours: '09:30-24:00', weekdaysOnly: true, cutoff: '15:00', openNow: true, expectedOn: '2026-11-26' };
const breakdown = { held: 2_845_100, unsettled: 474_400, frozen: 300_000, margin: 259_700, collateral: 0, shortfallOwed: 0, withdrawable: 1_811_000 };
let verified = true;
let accounts = [account];
const sent: { key: string | null; body: unknown }[] = [];
/** The refusal the server answers a withdrawal with, if any. */
let refusal: { msg: string; params: Record<string, unknown> } | null = null;
const server = setupServer(
  http.post('*/api/vue/common/config', () => ok([{ name: 'title', value: 'Kabuto' }])),
  http.get('*/api/vue/user/info', () => ok(user)),
  http.get('*/api/vue/cash/withdrawals', () => ok({ items: [], rules, breakdown, usdt: { min: 1_000, max: 3_000_000, breakdown: { ...breakdown, held: 0, unsettled: 0, frozen: 0, margin: 0, withdrawable: 0 } } })),
  http.get('*/api/vue/cash/bank-accounts', () => ok({ items: accounts, max: 5, identity: { verified, holderKana: verified ? 'ヤマダ　タロウ' : null }, freshLoginMs: 0 })),
  http.get('*/api/vue/cash/wallets', () => ok({ items: [], max: 5, identity: { verified, holderKana: null }, freshLoginMs: 0 })),
  http.post('*/api/vue/cash/withdrawals', async ({ request }) => {
    sent.push({ key: request.headers.get('Idempotency-Key'), body: await request.json() });
    if (refusal) return HttpResponse.json({ status: 0, ...refusal }, { status: 422 });
    return ok({
      withdrawal: {
        id: 'w1', currency: 'JPY', amount: 50_000, status: 'pending', destination: { type: 'bank', id: 'acc1', label: '三菱ＵＦＪ 本店 普通 •••4567' },
        expectedOn: '2026-11-26', createdAt: Date.now(), reviewedAt: null, cancelledAt: null, reason: null,
      },
    });
  }),
);

function renderApp(path: string) {
  window.location.hash = `#${path}`;
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
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
  verified = true;
  accounts = [account];
  sent.length = 0;
  refusal = null;
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('cashOut', () => {
  it('shows the withdrawable with its breakdown, then the arrival and a zero fee before sending a money command', async () => {
    renderApp('/information/cashOut');
    const b = await screen.findByTestId('withdraw-breakdown');
    expect(b.textContent).toContain('¥2,845,100');
    expect(b.textContent).toContain('\u2212¥474,400');
    expect(b.textContent).toContain('\u2212¥259,700');
    expect(screen.getByTestId('withdrawable').textContent).toBe('¥1,811,000');
    expect(screen.getByTestId('withdraw-rules').textContent).toContain('09:30〜24:00');
    // More than the withdrawable cannot be confirmed.
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '1811001' } });
    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: '135790' } });
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '50000' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    const confirm = await screen.findByTestId('withdraw-confirm');
    expect(confirm.textContent).toContain('2026.11.26');
    expect(confirm.textContent).toContain('¥0');
    expect(confirm.textContent).toContain('•••4567');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '出金を申請する' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]!.body).toEqual({ amount: 50_000, fundPassword: '135790', bankAccountId: 'acc1' });
  });

  it('a new bank account says when it may receive; the refusal before then carries that time', async () => {
    // 2026-11-25 10:00 Tokyo.
    const usableAt = Date.parse('2026-11-25T01:00:00Z');
    accounts = [{ ...account, usableAt }];
    refusal = { msg: 'payout_destination_on_hold', params: { usableAt } };
    renderApp('/information/cashOut');
    expect((await screen.findByTestId('destination-hold')).textContent).toBe('2026.11.25 10:00 から出金先として利用できます');
    fireEvent.change(screen.getByTestId('withdraw-amount'), { target: { value: '50000' } });
    fireEvent.change(screen.getByTestId('withdraw-password'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    await screen.findByTestId('withdraw-confirm');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '出金を申請する' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('この出金先は登録したばかりのため、2026.11.25 10:00 から出金先として利用できます');
  });

  it('without a verified identity it says so with the way to 本人確認', async () => {
    verified = false;
    accounts = [];
    renderApp('/information/cashOut');
    const notice = await screen.findByTestId('kyc-required');
    expect(within(notice).getByRole('link').getAttribute('href')).toContain('/information/authInfo');
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
  });

  it('without a bank account it says so with the way to add one', async () => {
    accounts = [];
    renderApp('/information/cashOut');
    const notice = await screen.findByTestId('bank-required');
    expect(within(notice).getAllByRole('link')[0]!.getAttribute('href')).toContain('/information/addBankCard');
  });
});
