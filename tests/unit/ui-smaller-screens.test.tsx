// @vitest-environment jsdom
/**
 * Issue 13 item 7 screens, rendered through the real router against a mocked API: the splash
 * reaches /login/start1 on a first visit, the market's Auction tab lists the block-trade offers,
 * and the favorites screen shows the watchlist groups as tabs.
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
import { createAppRouter, type AppRouter } from '../../src/app/router';
import { clearSession, setLanguage, setSession } from '../../src/app/storage';
import { WELCOMED_KEY } from '../../src/app/features/account/splash';

const ok = (data: unknown) => HttpResponse.json({ status: 1, msg: '', data });
const user = {
  id: '01a201fb-a964-71b6-95ed-39d9a76b69bf', phone: '09011112222', state: 'active', stateReason: null,
  inviteCode: 'Z9WTWTB8', isAdmin: false, fundPasswordSet: false, kycStatus: 'not_verified', createdAt: 1_790_000_000_000,
};
const NOW = Date.now();
const offer = {
  id: 'offer-1', code: '7203', name: 'トヨタ自動車', nameEn: 'Toyota Motor', priceScale: 10, price: 25890, minShares: 100,
  sharesAvailable: 5000, sharesTotal: 5000, lockDays: 30, from: NOW - 3_600_000, to: NOW + 86_400_000, open: true, phase: 'open',
  marketPrice: 25805, discountBp: -32, createdAt: NOW - 3_600_000,
};
const row = (code: string, nameJa: string) => ({
  code, kind: 'stock', board: 'listed', nameJa, nameEn: nameJa, priceScale: 10, qtyScale: 0, quoteUnit: 1, price: 25000,
  prevClose: 24900, change: 100, changeBp: 40, volume: 1000, turnover: 2_500_000, limitState: null, session: 'morning', at: NOW, simulated: true,
});
const server = setupServer(
  http.post('*/api/vue/common/config', () => ok([{ name: 'title', value: 'Kabuto' }])),
  http.get('*/api/vue/user/info', () => ok(user)),
  http.get('*/api/vue/block/offers', () => ok({ items: [offer] })),
  http.get('*/api/vue/market/indices', () => ok({ items: [], simulated: true })),
  http.get('*/api/vue/watchlist', () => ok({ codes: ['7203'], items: [row('7203', 'トヨタ自動車')], max: 200, simulated: true })),
  http.get('*/api/vue/watchlist/groups', () =>
    ok({
      groups: [
        { id: 'default', name: null, isDefault: true, codes: ['7203'], max: 200 },
        { id: 'g-semi', name: '半導体', isDefault: false, codes: ['8035'], max: 100 },
        { id: 'g-div', name: '高配当', isDefault: false, codes: [], max: 100 },
      ],
      items: [row('7203', 'トヨタ自動車'), row('8035', '東京エレクトロン')],
      maxGroups: 20,
      nameMax: 20,
      simulated: true,
    }),
  ),
);

let router: AppRouter;
function renderApp(path: string) {
  window.location.hash = `#${path}`;
  const queryClient = createQueryClient();
  router = createAppRouter(queryClient);
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}
const path = () => router.state.location.pathname;

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'bypass' });
  window.scrollTo = (() => {}) as typeof window.scrollTo;
});
afterAll(() => server.close());
beforeEach(async () => {
  localStorage.clear();
  setLanguage('jp');
  await activateLanguage('jp');
});
afterEach(() => {
  cleanup();
  clearSession();
});

describe('the splash', () => {
  it('links the welcome screen and sends a first visit there', async () => {
    renderApp('/login/start');
    const link = await screen.findByTestId('splash-welcome');
    expect(link.getAttribute('href')).toContain('/login/start1');
    await waitFor(() => expect(path()).toBe('/login/start1'), { timeout: 4000 });
    expect(localStorage.getItem(WELCOMED_KEY)).toBe('true');
  });

  it('sends a device that was welcomed before to the login form', async () => {
    localStorage.setItem(WELCOMED_KEY, 'true');
    renderApp('/login/start');
    await waitFor(() => expect(path()).toBe('/login/login'), { timeout: 4000 });
  });
});

describe('the market Auction tab', () => {
  it('lists the block-trade offers instead of saying there are none', async () => {
    setSession({ token: 't', account: '09011112222', is_admin: false });
    renderApp('/market/index?tab=auction');
    const panel = await screen.findByRole('tabpanel');
    expect(await within(panel).findByText('トヨタ自動車')).toBeTruthy();
    expect(within(panel).queryByText(/まだご利用いただけません/)).toBeNull();
  });
});

describe('favorites with groups', () => {
  it('shows the groups as tabs and the picked group’s stocks', async () => {
    setSession({ token: 't', account: '09011112222', is_admin: false });
    renderApp('/favorite/index');
    const tablist = await screen.findByRole('tablist', { name: 'お気に入りのグループ' });
    await waitFor(() => expect(within(tablist).getAllByRole('tab').map((t) => t.textContent)).toEqual(['お気に入り', '半導体', '高配当']));
    expect(await screen.findByText('トヨタ自動車')).toBeTruthy();
    fireEvent.click(within(tablist).getByRole('tab', { name: '半導体' }));
    expect(await screen.findByText('東京エレクトロン')).toBeTruthy();
    expect(screen.queryByText('トヨタ自動車')).toBeNull();
    fireEvent.click(within(tablist).getByRole('tab', { name: '高配当' }));
    expect(await screen.findByText('このグループにはまだ銘柄がありません')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'グループを追加' })).toBeTruthy();
  });
});
