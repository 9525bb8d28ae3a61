import { expect, test, type Page } from '@playwright/test';
import { api, loginThroughUi, newPhone, persisted, registerUser, sessionToken } from './helpers';

/*
 * Issue 4 "Must show": open the market, open a stock, switch through all periods and indicators,
 * add it to the watchlist, search with history; then cut the network, reload, and the watchlist and
 * that stock's quote and last chart still show with an "as of" time. Also: a watchlist edit made
 * offline is synced when the network comes back.
 */

const PERIODS = ['分時', '5分', '15分', '30分', '日足', '週足', '月足', '半年足', '年足'];
const MAINS: [string, RegExp][] = [
  ['EMA', /EMA/],
  ['BOLL', /BOLL/],
  ['なし', /出来高|MACD|KDJ|RSI/],
  ['MA', /MA5/],
];
const SUBS: [string, RegExp][] = [
  ['MACD', /MACD/],
  ['KDJ', /KDJ/],
  ['RSI', /RSI6/],
  ['VOL', /出来高/],
];


const chartCanvas = (page: Page) => page.getByTestId('chart-box').locator('.pc canvas').first();

test('market, stock detail with every period and indicator, watchlist, search history, then offline', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  const phone = newPhone();
  await registerUser(request, phone, 'market-pass-1');
  await loginThroughUi(page, phone, 'market-pass-1');

  // --- the market: six tabs, live board, sort switch ---
  await page.goto('/#/market/index');
  await expect(page.getByTestId('sim-note').first()).toContainText('シミュレーション');
  const rows = page.locator('#board-panel .qrow[data-code]');
  await expect(rows.first()).toBeVisible();
  await page.getByRole('tab', { name: '暗号資産' }).click();
  await expect(page.locator('#board-panel .qrow[data-code="BTCJPY"]')).toBeVisible();
  await page.getByRole('tab', { name: '外国為替' }).click();
  await expect(page.locator('#board-panel .qrow[data-code="USDJPY"]')).toBeVisible();
  await page.getByRole('tab', { name: '公募' }).click();
  // The Subscription tab is the IPO board: the offerings of /home/newStock, or its empty state.
  await expect(page.getByText('新規公開株・公募の案件（抽選）')).toBeVisible();
  await expect(page.getByTestId('ipo-offerings').or(page.getByText('現在お申し込みいただける案件はありません'))).toBeVisible();
  await page.getByRole('tab', { name: 'オークション' }).click();
  // The Auction tab is the block-trade board: the offers of /home/blockTrade (none on a fresh server).
  await expect(page.getByText('現在募集中のブロック取引はありません')).toBeVisible();
  await page.getByRole('tab', { name: '店頭' }).click();
  await expect(rows.first()).toBeVisible();
  await page.getByRole('tab', { name: '上場' }).click();
  await page.getByRole('button', { name: '出来高', exact: true }).click();
  await expect(page).toHaveURL(/sort=volume/);
  await expect(page.getByRole('button', { name: '出来高', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '値上がり率' }).click();
  await expect(rows.first()).toBeVisible();

  // --- open a stock ---
  const first = rows.first();
  const code = (await first.getAttribute('data-code'))!;
  expect(code).toMatch(/^[0-9A-Z]+$/);
  await first.click();
  // Plain, as linked: no JSON quotes (src/app/router.tsx).
  await expect(page).toHaveURL(new RegExp(`#/market/stockDetail\\?code=${code}(&|$)`));
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await expect(page.getByTestId('quote-asof')).toContainText('時点');
  await expect(page.locator('.qhead .sim-badge')).toContainText('シミュレーション');
  await expect(chartCanvas(page)).toBeVisible();

  // --- every period ---
  for (const name of PERIODS) {
    const tab = page.getByRole('tab', { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(chartCanvas(page), `chart for ${name}`).toBeVisible();
  }
  // --- every main and sub indicator (on the daily chart) ---
  await page.getByRole('tab', { name: '日足', exact: true }).click();
  await expect(chartCanvas(page)).toBeVisible();
  const legend = page.getByTestId('chart-box').locator('.pc');
  for (const [name, text] of MAINS) {
    const btn = page.getByTestId('main-indicators').getByRole('button', { name, exact: true });
    await btn.click();
    await expect(btn).toHaveAttribute('aria-pressed', 'true');
    await expect(legend).toContainText(text);
  }
  for (const [name, text] of SUBS) {
    const btn = page.getByTestId('sub-indicators').getByRole('button', { name, exact: true });
    await btn.click();
    await expect(btn).toHaveAttribute('aria-pressed', 'true');
    await expect(legend).toContainText(text);
  }
  for (const name of ['前方調整', '後方調整', '調整なし']) {
    const btn = page.getByTestId('adjust').getByRole('button', { name, exact: true });
    await btn.click();
    await expect(btn).toHaveAttribute('aria-pressed', 'true');
    await expect(chartCanvas(page)).toBeVisible();
  }
  // The last chart: weekly, EMA + MACD, forward-adjusted (kept in the URL).
  await page.getByRole('tab', { name: '週足', exact: true }).click();
  await page.getByTestId('main-indicators').getByRole('button', { name: 'EMA', exact: true }).click();
  await page.getByTestId('sub-indicators').getByRole('button', { name: 'MACD', exact: true }).click();
  await page.getByTestId('adjust').getByRole('button', { name: '前方調整', exact: true }).click();
  await expect(page).toHaveURL(/period=week/);
  await expect(page).toHaveURL(/adjust=forward/);
  await expect(chartCanvas(page)).toBeVisible();
  await expect(page.getByTestId('chart-asof')).toContainText('時点');
  const detailUrl = page.url();

  // The information tabs say their figures are simulated.
  for (const name of ['企業情報', '信用・空売り', '投資主体別', 'ランキング', '業種比較', 'アラート']) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.locator('#info-panel .sim-note')).toContainText('シミュレーション');
  }
  // The buy entry point goes to the trade screen with the code.
  await expect(page.getByRole('link', { name: '買い', exact: true })).toHaveAttribute('href', new RegExp(`code=${code}&direction=up`));

  // --- add it to the watchlist ---
  await page.getByRole('button', { name: 'お気に入りに追加' }).click();
  await expect(page.getByRole('button', { name: 'お気に入りから外す' })).toHaveAttribute('aria-pressed', 'true');
  const token = (await sessionToken(page))!; // the browser's session, from its httpOnly cookie
  await expect
    .poll(async () => (await api<{ codes: string[] }>(request, 'get', 'watchlist', { token })).body.data.codes)
    .toEqual([code]);
  await page.goto('/#/favorite/index');
  await expect(page.locator(`[data-testid="watch-row"] .qrow[data-code="${code}"]`)).toBeVisible();

  // --- search with history ---
  await page.goto('/#/favorite/search');
  const box = page.getByRole('searchbox', { name: '銘柄を検索' });
  await box.fill('トヨタ');
  await box.press('Enter');
  await expect(page.getByTestId('search-results').locator('.qrow[data-code="7203"]')).toBeVisible();
  await box.fill('ソニー');
  await box.press('Enter');
  await expect(page.getByTestId('search-results').locator('.qrow').first()).toBeVisible();
  await page.getByRole('button', { name: '入力を消去' }).click();
  const history = page.getByTestId('search-history');
  await expect(history.locator('.mk-chip__main')).toHaveText(['ソニー', 'トヨタ']);
  await history.getByRole('button', { name: 'トヨタ', exact: true }).click();
  await expect(box).toHaveValue('トヨタ');
  const toyota = page.getByTestId('search-results').locator('.srow').filter({ has: page.locator('.qrow[data-code="7203"]') });
  await expect(toyota.getByRole('button', { name: 'お気に入りに追加' })).toBeVisible();
  await page.getByRole('button', { name: '入力を消去' }).click();
  await expect(history.locator('.mk-chip__main')).toHaveText(['トヨタ', 'ソニー']);
  await history.getByRole('button', { name: '「ソニー」を履歴から削除' }).click();
  await expect(history.locator('.mk-chip__main')).toHaveText(['トヨタ']);
  await page.reload();
  await expect(page.getByTestId('search-history').locator('.mk-chip__main')).toHaveText(['トヨタ']);
  await page.getByRole('button', { name: '履歴を消去' }).click();
  await expect(page.getByText('検索履歴はありません')).toBeVisible();

  // --- offline: the watchlist, the quote and the last chart come from the persisted cache ---
  await page.goto(detailUrl);
  await expect(chartCanvas(page)).toBeVisible();
  await page.goto('/#/favorite/index');
  await expect(page.locator(`.qrow[data-code="${code}"]`)).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  // Keys come from the contract: `GET market/candles/{code}?period=&adjust=` (src/app/api/query.ts).
  await expect.poll(() => persisted(page, `"candles","${code}",{"adjust":"forward","period":"week"}`), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => persisted(page, `"quote","${code}"`), { timeout: 15_000 }).toBe(true);
  await expect.poll(() => persisted(page, '["watchlist"]'), { timeout: 15_000 }).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator(`[data-testid="watch-row"] .qrow[data-code="${code}"]`)).toBeVisible();
    await expect(page.getByTestId('watchlist-asof')).toContainText('時点');
    await expect(page.locator('.offline-banner')).toContainText('前のデータ');

    await page.goto(detailUrl);
    await expect(page.getByTestId('quote-price')).toBeVisible();
    await expect(page.getByTestId('quote-asof')).toContainText('時点');
    await expect(chartCanvas(page)).toBeVisible();
    await expect(page.getByRole('tab', { name: '週足', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('chart-asof')).toContainText('時点');
    await expect(page.locator('.offline-banner')).toContainText('前のデータ');

    // An edit made offline is queued …
    await page.getByRole('button', { name: 'お気に入りから外す' }).click();
    await expect(page.getByRole('button', { name: 'お気に入りに追加' })).toBeVisible();
    await page.goto('/#/favorite/index');
    await expect(page.getByTestId('watchlist-pending')).toContainText('接続が戻ると同期されます');
    await expect(page.getByText('お気に入りはまだありません')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
  // … and synced when the network is back.
  await expect(page.getByTestId('watchlist-pending')).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(async () => (await api<{ codes: string[] }>(request, 'get', 'watchlist', { token })).body.data.codes)
    .toEqual([]);
});
