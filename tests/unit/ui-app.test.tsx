// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { activateLanguage, i18n } from '../../src/app/i18n';
import { createQueryClient } from '../../src/app/query/client';
import { createAppRouter, type AppRouter } from '../../src/app/router';
import { clearSession, setLanguage, setSession } from '../../src/app/storage';
import { onApiError } from '../../src/app/api/client';
import { KEEP_ALIVE_PATHS } from '../../src/app/routes/-lib/keep-alive';

/** Every route of docs/product.md "Routes", same paths. */
const SPEC_ROUTES = [
  '/login/start', '/login/start1', '/login/loginAfter', '/login/login', '/login/register', '/login/reLogin',
  '/home/index', '/home/upStock', '/home/upStockRecord', '/home/newsList', '/home/newsDetail', '/home/blockTrade',
  '/home/blockTrade1', '/home/blockTrade2', '/home/fllow', '/home/qcList', '/home/dayTrading', '/home/newStock',
  '/home/newStockBuy', '/home/ipo/subscribe', '/home/ipo/sgList', '/home/ipo/sgjlDetail', '/home/ipo/sgBuy',
  '/market/index', '/market/stockDetail', '/market/stockDetailzs', '/trade/index', '/trade/positionDetail',
  '/favorite/index', '/favorite/search',
  ...['index', 'loan', 'loanRecords', 'xyInfo', 'setting', 'changeLang', 'loginPass', 'fundPass', 'bankList',
    'addBankCard', 'fundRecord', 'exChange', 'authInfo', 'aboutUs', 'usdtAddress', 'cashOut', 'recharge',
    'rechargeChannel', 'userInfo', 'msgInfo'].map((p) => `/information/${p}`),
];

const user = {
  id: '01a201fb-a964-71b6-95ed-39d9a76b69bf', phone: '09011112222', state: 'active', stateReason: null,
  inviteCode: 'Z9WTWTB8', isAdmin: false, fundPasswordSet: false, kycStatus: 'not_verified', createdAt: 1_790_000_000_000,
};
const server = setupServer(
  http.post('*/api/vue/common/config', () =>
    HttpResponse.json({ status: 1, msg: '', data: [{ name: 'title', value: 'Kabuto' }, { name: 'inviteRequired', value: true }] }),
  ),
  http.get('*/api/vue/user/info', () => HttpResponse.json({ status: 1, msg: '', data: user })),
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
  window.scrollTo = (() => {}) as typeof window.scrollTo; // jsdom has no layout
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

describe('routes (docs/product.md "Routes")', () => {
  it('has every route of the spec, each with a name', () => {
    const routes = createAppRouter(createQueryClient()).routesByPath as unknown as Record<string, { options: { staticData?: { name?: string } } }>;
    expect(SPEC_ROUTES).toHaveLength(50);
    for (const p of SPEC_ROUTES) {
      expect(routes[p], p).toBeDefined();
      expect(routes[p]?.options.staticData?.name, p).toBeTruthy();
    }
  });

  it('redirects / to /login/start', async () => {
    renderApp('/');
    await waitFor(() => expect(path()).toBe('/login/start'));
  });

  it('sends screens that need a session to the login page', async () => {
    renderApp('/information/index');
    await waitFor(() => expect(path()).toBe('/login/login'));
    expect(router.state.location.search).toEqual({ redirect: '/information/index' });
  });

});

describe('tabs', () => {
  it('marks the active tab with navActive and keeps tab screens alive', async () => {
    setSession({ token: 't', account: '09011112222', is_admin: false });
    expect(KEEP_ALIVE_PATHS).toEqual(['/home/index', '/market/index', '/trade/index', '/favorite/index']);
    const { container } = renderApp('/home/index');
    const shortcuts = await waitFor(() => {
      const el = container.querySelector('.shortcuts');
      if (!el) throw new Error('home not rendered');
      return el;
    });
    const active = () => container.querySelector('.tabbar a.navActive')?.textContent;
    expect(active()).toBe('ホーム');

    fireEvent.click(screen.getByRole('link', { name: '取引' }));
    await waitFor(() => expect(path()).toBe('/trade/index'));
    await waitFor(() => expect(active()).toBe('取引'));
    // the home screen is still mounted (hidden), not rebuilt
    expect(shortcuts.isConnected).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'ホーム' }));
    await waitFor(() => expect(active()).toBe('ホーム'));
    expect(container.querySelector('.shortcuts')).toBe(shortcuts);
  });
});

describe('registration form', () => {
  it('shows every validation inline, translated, on submit', async () => {
    renderApp('/login/register');
    const submit = await screen.findByRole('button', { name: '登録する' });
    fireEvent.click(submit);
    expect(await screen.findByText('電話番号を入力してください')).toBeTruthy();
    expect(screen.getByText('パスワードを入力してください')).toBeTruthy();
    expect(screen.getByText('確認のため、もう一度パスワードを入力してください')).toBeTruthy();
    expect(screen.getByText('招待コードを入力してください')).toBeTruthy();
    expect(screen.getByText('プライバシーポリシーに同意してください')).toBeTruthy();
  });

  it('shows the server’s password refusal under the password field, not as a toast, until the password changes', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/vue/user/register', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ status: 0, msg: 'password_repeated', params: { field: 'password' }, data: null }, { status: 422 });
      }),
    );
    // The app toasts what reaches its onApiError listener (app.tsx): this refusal must not.
    const reported = vi.fn();
    const off = onApiError(reported);
    try {
      renderApp('/login/register');
      const submit = await screen.findByRole('button', { name: '登録する' });
      fireEvent.change(screen.getByLabelText('電話番号'), { target: { value: '09011112222' } });
      fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'aaaaaaaa' } });
      fireEvent.change(screen.getByLabelText('パスワード（確認）'), { target: { value: 'aaaaaaaa' } });
      fireEvent.change(screen.getByLabelText('招待コード'), { target: { value: 'ROOTCODE' } });
      fireEvent.click(screen.getByRole('checkbox'));
      fireEvent.click(submit);
      const text = '同じ文字や並びの繰り返し（aaaa、1212 など）は推測されやすいため使えません';
      const error = await screen.findByText(text);
      expect(sent).toMatchObject({ password: 'aaaaaaaa' });
      expect(error.className).toBe('field__error');
      expect(screen.getByLabelText('パスワード').getAttribute('aria-invalid')).toBe('true');
      expect(reported).not.toHaveBeenCalled();
      fireEvent.change(screen.getByLabelText('パスワード'), { target: { value: 'kabuto-tokyo-2026' } });
      await waitFor(() => expect(screen.queryByText(text)).toBeNull());
    } finally {
      off();
      server.resetHandlers();
    }
  });

  it('opens the privacy policy text from the agreement', async () => {
    renderApp('/login/register');
    fireEvent.click(await screen.findByRole('link', { name: 'プライバシーポリシー' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(await screen.findByText(/金融取引に関する記録は5年間、投資業務に関するデータは10年間保存/)).toBeTruthy();
  });
});

describe('language switch', () => {
  it('changes texts at once, persists, and sets <html lang>', async () => {
    renderApp('/information/changeLang');
    const english = await screen.findByRole('radio', { name: 'English' });
    await act(async () => {
      fireEvent.click(english);
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Language'));
    expect(localStorage.getItem('language')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    await act(async () => {
      fireEvent.click(screen.getByRole('radio', { name: '繁體中文' }));
    });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('語言'));
    expect(localStorage.getItem('language')).toBe('tw');
    expect(document.documentElement.lang).toBe('zh-Hant');
  });
});
