import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loginThroughUi, newPhone, ok, registerUser } from './helpers';
import { adminToken } from './admin-passkey';
import { marginApplication } from '../support/margin-account';

/**
 * The records screen reads in the reader's language (issue 8 item 6): a new user is granted funds,
 * buys at market (cash and on margin), has a limit order cancelled and sells after T+N; every
 * records line then reads in Japanese with Japanese stock names, and in English with English ones.
 * The server sends kinds and memo ids; nothing it writes is a sentence.
 *
 * With KABUTO_SHOTS=<dir> the test also saves the screen at 390×844 in both languages there.
 */

const jst = (s: string) => `2026-11-${s}+09:00`;
const SHOTS = process.env.KABUTO_SHOTS;


const screen = (page: Page) => page.locator('.page:visible');
const user = { phone: newPhone(), password: 'records-pass-1' };
let admin = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  const setClock = (at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
  const token = await registerUser(request, user.phone, user.password);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });

  await setClock(jst('24T10:00:00'));
  await ok(request, 'post', `admin/users/${me.id}/grant`, {
    token: admin,
    key: true,
    body: { currency: 'JPY', amount: 3_000_000, reason: '動作確認用のテスト資金' },
  });
  // A cash buy and a margin buy at market, a limit order far below the market that is cancelled.
  const toyota = await ok<{ id: string }>(request, 'post', 'trade/orders', {
    token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 },
  });
  // A margin order needs an open 信用取引口座 first (answers that meet the thresholds: approved at once).
  await ok(request, 'post', 'margin-account', { token, body: marginApplication() });
  await ok(request, 'post', 'trade/orders', {
    token, key: true, body: { code: '6758', direction: 'up', type: 'market', lots: 1, leverage: 2 },
  });
  const quote = await ok<{ quote: { limits: { lower: number } } }>(request, 'get', 'market/quote/9984');
  const pending = await ok<{ id: string }>(request, 'post', 'trade/orders', {
    token, key: true, body: { code: '9984', direction: 'up', type: 'limit', price: quote.quote.limits.lower, lots: 1, leverage: 1 },
  });
  await ok(request, 'post', `trade/orders/${pending.id}/cancel`, { token, key: true });

  // Three trading days later: the cash position is sold, the margin one has run up interest.
  await setClock(jst('27T10:00:00'));
  await ok(request, 'post', 'test/jobs/run', { token: admin });
  await ok(request, 'post', `trade/positions/${toyota.id}/close`, { token, key: true, body: { type: 'market' } });
});

test.afterAll(async ({ request }) => {
  await ok(request, 'post', 'test/clock', { token: admin, body: { at: null } });
});

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.screenshot({ path: join(SHOTS, `${name}-full.png`), fullPage: true });
}

test('every records line reads in Japanese, with Japanese stock names', async ({ page }) => {
  await loginThroughUi(page, user.phone, user.password);
  await page.goto('/#/information/fundRecord');
  const list = screen(page).locator('.records');
  const memo = (memoId: string) => list.locator(`.record[data-memo="${memoId}"] .record__memo`);

  await expect(memo('memo_close')).toHaveText(/^現物売付 トヨタ自動車 \(7203\) 100株 @ ¥[\d,]+(\.\d)?$/);
  await expect(memo('memo_buy').filter({ hasText: '7203' })).toHaveText(/^現物買付 トヨタ自動車 \(7203\) 100株 @ ¥[\d,]+(\.\d)?$/);
  await expect(memo('memo_buy').filter({ hasText: '6758' })).toHaveText(/^信用新規買 ソニーグループ \(6758\) 100株 @ ¥[\d,]+(\.\d)?$/);
  await expect(memo('memo_order_placed')).toHaveText('注文受付(指値) ソフトバンクグループ (9984) 100株');
  await expect(memo('memo_order_cancelled')).toHaveText('取消 ソフトバンクグループ (9984) 100株');
  await expect(memo('memo_margin_interest').first()).toHaveText(/^信用金利 ソニーグループ \(6758\) \d{4}\.\d{2}\.\d{2}まで$/);
  await expect(memo('memo_admin_grant')).toHaveText('付与理由：動作確認用のテスト資金');
  await expect(list.locator('.record[data-kind="trade_close"] .record__type')).toHaveText('決済');
  // No English (nor any server sentence) anywhere in the list.
  expect(await list.textContent()).not.toMatch(/[A-Za-z]/);
  await shot(page, 'fundRecord-ja');

  // English: English broker words and English stock names.
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(memo('memo_close')).toHaveText(/^Sell: 100 shares of Toyota Motor \(7203\) @ ¥[\d,]+(\.\d)?$/);
  await expect(memo('memo_buy').filter({ hasText: '7203' })).toHaveText(/^Buy: 100 shares of Toyota Motor \(7203\) @ ¥[\d,]+(\.\d)?$/);
  await expect(memo('memo_buy').filter({ hasText: '6758' })).toHaveText(/^Margin buy: 100 shares of Sony Group.* \(6758\) @ ¥[\d,]+(\.\d)?$/);
  await expect(memo('memo_order_placed')).toHaveText(/^Order placed \(limit\): 100 shares of SoftBank Group.* \(9984\)$/);
  await expect(memo('memo_order_cancelled')).toHaveText(/^Cancelled: 100 shares of SoftBank Group.* \(9984\)$/);
  await expect(memo('memo_margin_interest').first()).toHaveText(/^Margin interest on Sony Group.* \(6758\) through \d{4}\.\d{2}\.\d{2}$/);
  await expect(list.locator('.record[data-kind="trade_close"] .record__type')).toHaveText('Closed');
  expect(await list.textContent()).not.toMatch(/トヨタ|ソニー|株|決済|買付|現物|信用|売却/);
  await shot(page, 'fundRecord-en');
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
});
