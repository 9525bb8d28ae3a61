import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, persisted, registerUser } from './helpers';
import { adminToken } from './admin-passkey';

/** Whether IndexedDB holds a persisted query cache that contains the user info. */
const userInfoPersisted = (page: Page) => persisted(page, '"info"');

test('after one visit, /#/information/index reloads offline from the service worker and the persisted cache', async ({
  page,
  context,
  request,
}) => {
  const phone = newPhone();
  await registerUser(request, phone, 'offline-pass-1');
  await loginThroughUi(page, phone, 'offline-pass-1');
  await page.goto('/#/information/index');
  await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));

  // The service worker is active (everything precached) and the cache is in IndexedDB.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => userInfoPersisted(page), { timeout: 10_000 }).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));
    await expect(page.locator('.offline-banner')).toContainText('オフライン');
    // The age of what is shown ("… 分前のデータ" or "… 秒前のデータ").
    await expect(page.locator('.offline-banner')).toContainText('前のデータ');
  } finally {
    await context.setOffline(false);
  }
});

/** The screen on display (kept-alive tab screens stay mounted, hidden). */
const screen = (page: Page) => page.locator('.page:visible');

/** The keys (as JSON) of the queries stored with data in the signed-in user's persisted cache. */
async function storedWithData(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const account = localStorage.getItem('account');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('kabuto');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const entries = await new Promise<{ key: IDBValidKey; value: unknown }[]>((resolve, reject) => {
        const store = db.transaction('query-cache').objectStore('query-cache');
        const keys = store.getAllKeys();
        const values = store.getAll();
        values.onsuccess = () => resolve(keys.result.map((key, i) => ({ key, value: values.result[i] })));
        values.onerror = () => reject(values.error);
      });
      const mine = entries.find((e) => typeof e.key === 'string' && e.key.endsWith(`:${account}`));
      const queries = (mine?.value as { clientState: { queries: { queryKey: unknown; state: { data?: unknown } }[] } } | undefined)?.clientState.queries ?? [];
      return queries.filter((q) => q.state.data !== undefined).map((q) => JSON.stringify(q.queryKey));
    } finally {
      db.close();
    }
  });
}

/** The reads an offline investor needs: open positions, assets, the account, the watchlist. */
const MONEY_KEYS = [
  '["trade","holdings"]',
  '["trade","positions",{"limit":50,"status":"holding,closing,in_progress"}]',
  '["funds","summary"]',
  '["user","info"]',
  '["watchlist"]',
  '["market","indices"]',
];
const jst = (s: string) => `2026-11-${s}+09:00`;

test('offline for minutes keeps holdings, assets, account and watchlist with their age; failed screens come back by themselves', async ({
  page,
  context,
  request,
}) => {
  // A user with money, a holding (トヨタ自動車) and a watchlist entry (ソニーグループ).
  const admin = await adminToken(request);
  const phone = newPhone();
  const token = await registerUser(request, phone, 'offline-pass-2');
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', 'test/clock', { token: admin, body: { at: jst('24T10:00:00') } });
  try {
    await ok(request, 'post', `admin/users/${me.id}/grant`, {
      token: admin, key: true, body: { currency: 'JPY', amount: 2_000_000, reason: 'e2e: offline holdings' },
    });
    await ok(request, 'post', 'trade/orders', {
      token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 },
    });
  } finally {
    await ok(request, 'post', 'test/clock', { token: admin, body: { at: null } });
  }
  expect((await request.put('/api/vue/watchlist/6758', { headers: { token } })).status()).toBe(200);

  // The page's clock is Playwright's: the test spends minutes offline without waiting for them.
  await page.clock.install();
  await loginThroughUi(page, phone, 'offline-pass-2');
  await expect(screen(page).locator('.ticker__foot')).toContainText('時点'); // the home indices
  await page.goto('/#/trade/index');
  await expect(screen(page).locator('.holding[data-code="7203"]')).toContainText('平均取得単価');
  await page.goto('/#/information/index');
  await expect(screen(page).locator('.account-head__phone')).toContainText(phone.slice(-4));
  await expect(screen(page).getByTestId('total-assets')).toContainText('¥');
  await page.goto('/#/favorite/index');
  await expect(screen(page).locator('.qrow[data-code="6758"]')).toBeVisible();
  // Online and fresh: no "as of" under live figures.
  await expect(page.getByTestId('positions-asof')).toHaveCount(0);
  await expect(page.getByTestId('assets-asof')).toHaveCount(0);

  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => storedWithData(page), { timeout: 10_000 }).toEqual(expect.arrayContaining(MONEY_KEYS));

  await context.setOffline(true);
  try {
    // Over a minute offline: the positions (every 5 s) and the assets (every 15 s) polls fail …
    await page.goto('/#/information/index');
    await page.clock.fastForward('01:05');
    await expect(screen(page).getByTestId('assets-asof')).toContainText('時点');
    // … and what was read before stays stored, failed refetches and all (after the 1 s save throttle).
    await page.clock.fastForward('00:02');
    expect(await storedWithData(page)).toEqual(expect.arrayContaining(MONEY_KEYS));

    await page.reload();
    await expect(screen(page).locator('.account-head__phone')).toContainText(phone.slice(-4));
    await expect(screen(page).getByTestId('account-asof')).toContainText('時点');
    await expect(screen(page).getByTestId('total-assets')).toContainText('¥');
    await expect(screen(page).getByTestId('assets-asof')).toContainText('時点');
    await expect(page.locator('.offline-banner')).toContainText('前のデータ');

    // The portfolio: the holding with its average cost and the time of the figures.
    await page.goto('/#/trade/index');
    await expect(screen(page).locator('.holding[data-code="7203"]')).toContainText('平均取得単価');
    await expect(screen(page).getByTestId('holdings-totals')).toBeVisible();
    await expect(screen(page).getByTestId('positions-asof').first()).toContainText('時点');
    await expect(page.locator('.offline-banner')).toContainText('前のデータ');

    await page.goto('/#/home/index');
    await expect(screen(page).locator('.ticker__foot')).toContainText('時点');
    await expect(screen(page).locator('.pos', { hasText: 'トヨタ自動車' }).first()).toBeVisible();

    await page.goto('/#/favorite/index');
    await expect(screen(page).locator('[data-testid="watch-row"] .qrow[data-code="6758"]')).toBeVisible();
    await expect(screen(page).getByTestId('watchlist-asof')).toContainText('時点');

    // A stock never opened has nothing stored: the screen says so …
    await page.goto('/#/market/stockDetail?code=9984');
    await expect(screen(page).getByText('オフラインです。この銘柄の相場はまだ保存されていません。')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // … and loads once the network is back, without a tap.
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await expect(page.locator('.offline-banner')).toHaveCount(0);
  // The portfolio refreshes by itself too: live figures again, no "as of".
  await page.goto('/#/trade/index');
  await expect(screen(page).locator('.holding[data-code="7203"]')).toBeVisible();
  await expect(screen(page).getByTestId('positions-asof')).toHaveCount(0);

  // A read that failed while the browser thought it was online (no `online` event will come):
  // the screen comes back by itself once the server answers again.
  await page.route('**/api/vue/market/quote/8306', (route) => route.abort('connectionreset'));
  await page.goto('/#/market/stockDetail?code=8306');
  await expect(screen(page).getByText('相場を読み込めませんでした')).toBeVisible();
  await page.unroute('**/api/vue/market/quote/8306');
  await page.clock.fastForward('00:31');
  await expect(page.getByTestId('quote-price')).toBeVisible();
});
