import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { loginThroughUi, newPhone, ok, registerUser, shots, toast } from './helpers';
import { adminToken, E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';
import { addMufgShinjukuAccount, approveKyc, openKycInAdmin } from './identity-steps';
import { formatMoney } from '../../src/shared/money';

/**
 * The money loop end to end (issue 12 "Must show"), in one flow and all through the Japanese UI:
 * a new user registers, submits 本人確認 with two photos, an admin (in a browser of their own)
 * approves it in /admin; the user sets a fund password and adds a bank account found by searching
 * 三菱ＵＦＪ and a branch, deposits ¥1,000,000 with a receipt through /information/recharge, the admin
 * approves it in /admin/deposits; the user buys 100 shares (現物買) and sells them (売り → 現物売) and
 * withdraws the withdrawable amount through /information/cashOut; the admin pays it in
 * /admin/withdrawals; /information/fundRecord shows every step with its Japanese label, and the
 * final balances (funds/summary, cash/withdrawals) are right.
 *
 * The server's clock (KABUTO_TEST_CONTROL) is set to Friday 2026-11-27 10:00 Tokyo: a business day,
 * inside deposit and withdrawal hours, with the market open. Sale proceeds settle T+2, so what can be
 * withdrawn is the cash left after the purchase.
 */

const PASSWORD = 'money-loop-pass-1';
const FUND_PASSWORD = '482916';
const NOW = '2026-11-27T10:00:00+09:00';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');

interface Summary {
  cash: number;
  available: number;
  unsettled: number;
  withdrawable: number;
  frozen: number;
  margin: number;
  shortfall: number;
  totalAssets: number;
}
interface Withdrawals {
  items: { id: string; amount: number; status: string }[];
  breakdown: { withdrawable: number; unsettled: number };
}

async function photo(label: string, color: string, width = 3000, height = 2000): Promise<Buffer> {
  const svg = `<svg width="${width}" height="${height}"><rect x="100" y="100" width="${width - 200}" height="${height - 200}" rx="60" fill="#fff"/><text x="200" y="${height / 3}" font-size="${Math.round(height / 8)}">${label}</text></svg>`;
  return sharp({ create: { width, height, channels: 3, background: color } }).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 90 }).toBuffer();
}

/**
 * The user's lists are kept (persisted query cache, staleTime 10 s), so a reload right after the
 * admin's decision may show the kept answer first: reload until the screen shows the new state.
 */
async function reloadUntil(page: Page, locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toContainText(text, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, NOW);
  // Same-day selling (the default; another spec sets T+1 and leaves it).
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'sellAfterDays', value: 0, reason: 'e2e: same-day selling (the default)' } });
  // The new bank account receives the withdrawal at once (the hold on new destinations: cash.spec.ts).
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'payoutHoldHours', value: 0, reason: 'e2e: no hold on new destinations' } });
});

test.afterAll(async ({ request }) => {
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'payoutHoldHours', value: 24, reason: 'e2e: the default hold' } });
  await setClock(request, null);
});

test('register → KYC → bank account → deposit ¥1,000,000 → buy 100 → sell → withdraw → paid; the records show every step in Japanese', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 480_000 : 180_000);
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const name = `入出金 ${phone.slice(-4)}`;
  // A deposit channel of this test's own, made by the admin in 入金方法 below.
  const channelLabel = `銀行振込 ${phone.slice(-4)}`;

  // --- 本人確認 with two photos ---
  await loginThroughUi(page, phone, PASSWORD);
  await page.goto('/#/information/authInfo');
  await page.getByLabel('氏名（漢字）').fill(name);
  await page.getByLabel('フリガナ（全角カタカナ）').pressSequentially('にゅうしゅっきん たろう');
  await expect(page.getByLabel('フリガナ（全角カタカナ）')).toHaveValue('ニュウシュッキン タロウ');
  await page.getByLabel('書類番号').fill('123456789012');
  const [front, back, receipt] = await Promise.all([photo('FRONT', '#7aa7d9'), photo('BACK', '#d9b07a'), photo('RECEIPT', '#9ad97a', 1200, 1600)]);
  await page.getByTestId('kyc-front').locator('input[type=file]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: front });
  await expect(page.getByTestId('kyc-front').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('kyc-back').locator('input[type=file]').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: back });
  await expect(page.getByTestId('kyc-back').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByTestId('kyc-status').getByText('審査中')).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: E2E_LOCAL_BASE });
  const adminPage = await adminContext.newPage();
  try {
    // --- an admin approves it in /admin, in a browser of their own ---
    await signInAdminThroughUi(adminPage, request);
    await approveKyc(adminPage, await openKycInAdmin(adminPage, name), '書類と申告が一致');

    // --- the admin adds the operator's bank account in 入金方法 ---
    await adminPage.goto('/#/admin/depositChannels');
    await adminPage.getByLabel('表示名').fill(channelLabel);
    await adminPage.getByTestId('channel-bank').fill('テスト銀行');
    await adminPage.getByTestId('channel-branch').fill('本店営業部');
    await adminPage.getByTestId('channel-number').fill('1234567');
    await adminPage.getByTestId('channel-holder').fill('カブト証券株式会社');
    await adminPage.getByTestId('channel-create').click();
    await adminPage.getByRole('dialog').getByLabel('理由（必須・監査ログに記録）').fill('e2e: 入金口座の開設');
    await adminPage.getByRole('dialog').getByRole('button', { name: '追加する' }).click();
    await expect(adminPage.getByTestId('admin-channels')).toContainText(channelLabel);
    if (process.env.KABUTO_SHOTS) await adminPage.screenshot({ path: `${process.env.KABUTO_SHOTS}/admin-channels-ja.png`, fullPage: true });

    // --- a bank account found by 三菱ＵＦＪ and a branch ---
    await page.reload();
    await expect(page.getByTestId('kyc-status').getByText('確認済み')).toBeVisible();
    // --- the fund password, set through /information/fundPass (a payout destination is added with it) ---
    await page.goto('/#/information/fundPass');
    await screen(page).getByLabel('ログインパスワード', { exact: true }).fill(PASSWORD);
    await screen(page).getByLabel('新しい取引暗証番号（6桁の数字）', { exact: true }).fill(FUND_PASSWORD);
    await screen(page).getByLabel('新しい取引暗証番号（確認）', { exact: true }).fill(FUND_PASSWORD);
    await screen(page).getByRole('button', { name: '設定する' }).click();
    await expect(toast(page)).toHaveText('取引暗証番号を設定しました');
    await expect(page).not.toHaveURL(/fundPass/); // the screen has gone back before the next navigation
    expect((await ok<{ fundPasswordSet: boolean }>(request, 'get', 'user/info', { token })).fundPasswordSet).toBe(true);
    await addMufgShinjukuAccount(page, 'ニュウシュッキン　タロウ', phone.slice(-7), FUND_PASSWORD);

    // --- 入金 ¥1,000,000 with a receipt through /information/recharge ---
    await page.goto('/#/information/recharge');
    await shots(page, 'recharge');
    await screen(page).getByRole('radio', { name: channelLabel }).check();
    await expect(screen(page).getByTestId('deposit-channel')).toContainText('カブト証券株式会社');
    await screen(page).getByTestId('deposit-amount').fill('1000000');
    await screen(page).getByTestId('deposit-receipt').locator('input[type=file]').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receipt });
    await expect(screen(page).getByTestId('deposit-receipt').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
    await screen(page).getByRole('button', { name: '入金を申請する' }).click();
    await expect(toast(page)).toHaveText('入金を申請しました');
    await expect(screen(page).getByTestId('deposit-list').locator('.deposit-item').first()).toContainText('審査中');
    expect((await ok<Summary>(request, 'get', 'funds/summary', { token })).cash).toBe(0);

    // --- the admin approves it in /admin/deposits, the receipt in view ---
    await adminPage.goto('/#/admin/deposits');
    await adminPage.getByTestId('deposit-queue').getByRole('link', { name: new RegExp(phone) }).click();
    const deposit = adminPage.getByTestId('deposit-detail');
    await expect(deposit).toContainText('¥1,000,000');
    await expect.poll(() => deposit.getByRole('img', { name: '振込明細' }).evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    await shots(adminPage, 'admin-deposit');
    await deposit.getByRole('button', { name: '承認', exact: true }).click();
    await adminPage.getByRole('dialog').getByLabel('理由（必須・監査ログに記録）').fill('着金を確認');
    await adminPage.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
    await expect(toast(adminPage)).toHaveText('承認しました');
    const funded = await ok<Summary>(request, 'get', 'funds/summary', { token });
    expect(funded.cash).toBe(1_000_000);
    expect(funded.withdrawable).toBe(1_000_000);
    await reloadUntil(page, screen(page).getByTestId('deposit-list').locator('.deposit-item').first(), '入金済み');

    // --- buy 100 shares of トヨタ自動車 (現物買) ---
    await page.goto('/#/trade/index?code=7203&direction=up');
    const ticket = screen(page).locator('.ticket');
    await expect(ticket.locator('.picker__name')).toHaveText('トヨタ自動車');
    await expect(ticket.getByRole('radio', { name: '現物買', exact: true })).toHaveAttribute('aria-checked', 'true');
    await ticket.getByRole('button', { name: '買い注文の内容を確認' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '注文する' }).click();
    await expect(toast(page)).toHaveText('注文が約定しました');
    const holdings = await ok<{ stocks: { code: string; shares: number }[] }>(request, 'get', 'trade/holdings', { token });
    expect(holdings.stocks.find((s) => s.code === '7203')?.shares).toBe(100);
    const bought = await ok<Summary>(request, 'get', 'funds/summary', { token });
    expect(bought.cash).toBeGreaterThan(0);
    expect(bought.cash).toBeLessThan(1_000_000);

    // --- sell them: the stock's 売り opens the ticket on 現物売 with the holding ---
    await page.goto('/#/market/stockDetail?code=7203');
    await expect(screen(page).getByTestId('your-position')).toContainText('100株');
    await screen(page).locator('.trade-bar').getByRole('link', { name: '売り' }).click();
    await expect(page).toHaveURL(/#\/trade\/index\?.*direction=down/);
    const sellTicket = screen(page).locator('.ticket');
    await expect(sellTicket.getByRole('radio', { name: '現物売', exact: true })).toHaveAttribute('aria-checked', 'true');
    await expect(sellTicket.getByTestId('holding')).toContainText('100株');
    // One purchase of 100 shares: 100 is the only choice (no 全株 button), already selected.
    await expect(sellTicket.getByRole('button', { name: /全株/ })).toHaveCount(0);
    await sellTicket.getByRole('button', { name: '売り注文の内容を確認' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '売却する' }).click();
    await expect(toast(page)).toHaveText('売却しました');
    const sold = await ok<Summary>(request, 'get', 'funds/summary', { token });
    expect((await ok<{ stocks: { code: string }[] }>(request, 'get', 'trade/holdings', { token })).stocks).toHaveLength(0);
    // The proceeds settle T+2: buying power now, not withdrawable; the withdrawable is the cash left after the buy.
    expect(sold.unsettled).toBeGreaterThan(0);
    expect(sold.withdrawable).toBe(bought.cash);
    expect(sold.cash).toBe(bought.cash);

    // --- withdraw the withdrawable amount through /information/cashOut ---
    await page.goto('/#/information/cashOut');
    const breakdown = screen(page).getByTestId('withdraw-breakdown');
    await expect(breakdown.getByTestId('withdrawable')).toHaveText(formatMoney(sold.withdrawable));
    await shots(page, 'cashOut');
    await expect(breakdown).toContainText(`\u2212${formatMoney(sold.unsettled)}`);
    await screen(page).getByRole('button', { name: '全額' }).click();
    await expect(screen(page).getByTestId('withdraw-amount')).toHaveValue(String(sold.withdrawable));
    await screen(page).getByTestId('withdraw-password').fill(FUND_PASSWORD);
    await screen(page).getByTestId('withdraw-submit').click();
    const confirm = page.getByRole('dialog');
    await expect(confirm.getByTestId('withdraw-confirm')).toContainText(formatMoney(sold.withdrawable));
    await expect(confirm.getByTestId('withdraw-confirm')).toContainText('三菱ＵＦＪ');
    await confirm.getByRole('button', { name: '出金を申請する' }).click();
    await expect(toast(page)).toContainText('出金を申請しました');
    await expect(screen(page).getByTestId('withdraw-list').locator('.withdraw-item').first()).toContainText('審査中');
    const requested = await ok<Summary>(request, 'get', 'funds/summary', { token });
    expect(requested.frozen).toBe(sold.withdrawable);
    expect(requested.withdrawable).toBe(0);

    // --- the admin pays it in /admin/withdrawals ---
    await adminPage.goto('/#/admin/withdrawals');
    const wd = adminPage.getByTestId('withdrawal-request').filter({ hasText: phone });
    await expect(wd).toContainText(formatMoney(sold.withdrawable));
    await expect(wd).toContainText('三菱ＵＦＪ');
    await shots(adminPage, 'admin-withdrawals');
    await wd.getByRole('button', { name: '送金済みにする' }).click();
    await adminPage.getByRole('dialog').getByLabel('理由（必須・監査ログに記録）').fill('振込完了');
    await adminPage.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
    await expect(toast(adminPage)).toHaveText('送金済みにしました');

    // --- the final balances: nothing frozen, no free cash; only the unsettled proceeds remain ---
    const final = await ok<Summary>(request, 'get', 'funds/summary', { token });
    expect(final).toMatchObject({ cash: 0, frozen: 0, withdrawable: 0, margin: 0, shortfall: 0, unsettled: sold.unsettled, totalAssets: sold.unsettled });
    const withdrawals = await ok<Withdrawals>(request, 'get', 'cash/withdrawals', { token });
    expect(withdrawals.items).toHaveLength(1);
    expect(withdrawals.items[0]).toMatchObject({ amount: sold.withdrawable, status: 'paid' });
    expect(withdrawals.breakdown.withdrawable).toBe(0);
    // What was held after the sale = what was paid out + what is still held.
    expect(final.totalAssets + sold.withdrawable).toBe(sold.cash + sold.unsettled);
    await reloadUntil(page, screen(page).getByTestId('withdraw-list').locator('.withdraw-item').first(), '送金済み');

    // --- /information/fundRecord: every step with its Japanese label ---
    await page.goto('/#/information/fundRecord?type=all');
    const records = screen(page).locator('.records');
    const record = (kind: string) => records.locator(`.record[data-kind="${kind}"]`);
    await expect(record('deposit')).toHaveCount(1);
    await expect(record('deposit').locator('.record__type')).toHaveText('入金');
    await expect(record('deposit')).toContainText('+¥1,000,000');
    await expect(record('trade_open').locator('.record__type')).toHaveText('新規約定');
    await expect(record('trade_open')).toContainText('現物買付');
    await expect(record('trade_open')).toContainText('トヨタ自動車 (7203)');
    await expect(record('trade_close').locator('.record__type')).toHaveText('決済');
    await expect(record('trade_close')).toContainText('現物売付');
    await expect(record('withdrawal_request').locator('.record__type')).toHaveText('出金申請（資金拘束）');
    await expect(record('withdrawal_paid').locator('.record__type')).toHaveText('出金');
    await expect(record('withdrawal_paid')).toContainText(formatMoney(sold.withdrawable));
    // Nothing English reached the Japanese screen.
    await expect(records).not.toContainText(/deposit|withdraw|trade_|memo_/);
    await shots(page, 'records');

    // --- 資金振替・両替: the balances per currency and the board, as the user leaves it ---
    await page.goto('/#/information/exChange');
    await expect(screen(page).getByTestId('fx-board')).toBeVisible();
    await shots(page, 'exChange');
  } finally {
    await adminContext.close();
  }
});
