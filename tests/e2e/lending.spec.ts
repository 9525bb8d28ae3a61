import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, registerUser, shots, toast } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * Credit loans and stock lending on a phone, in Japanese (docs/domain.md "Loans and stock lending"):
 * a verified user holding 7203 sees 与信情報 (score factor by factor, quota, LTV, rate), borrows
 * ¥100,000 with the fund password and repays it in full; then lends the shares (貸株), a day passes
 * and the day's 貸株金利 shows in 貸株の履歴, and the user recalls them (返却手続中 until the next
 * business day). The server's clock is pinned to Wednesday 2026-12-02 10:00 Tokyo (market open).
 */
const PASSWORD = 'lending-pass-1';
const FUND_PASSWORD = '573920';
const DAY1 = '2026-12-02T10:00:00+09:00';
const DAY2_START = '2026-12-03T00:00:05+09:00';
const DAY2 = '2026-12-03T10:00:00+09:00';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');

async function upload(request: APIRequestContext, token: string, purpose: string, red: number): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 160 } } }).png().toBuffer();
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, DAY1);
  for (const [name, value] of [['loanChannelOpen', true], ['loanRateBp', 350], ['stockLendingRateBp', 100], ['sellAfterDays', 0]] as const) {
    await ok(request, 'post', 'admin/config', { token: admin, body: { name, value, reason: 'e2e: lending defaults' } });
  }
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('credit info → borrow ¥100,000 → repay in full; lend a holding → the daily fee in the records → recall', async ({ page, request }) => {
  test.setTimeout(180_000);
  // --- a verified user with a fund password, ¥1,000,000 and 100 shares of 7203 (through the API) ---
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const [front, back] = [await upload(request, token, 'kyc_front', 1), await upload(request, token, 'kyc_back', 2)];
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '貸株 太郎', nameKana: 'かしかぶ たろう', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back },
  });
  const staff = await adminToken(request);
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: staff, body: { reason: '書類を確認しました' } });
  await ok(request, 'post', 'user/fund-password', { token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: PASSWORD } });
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: staff, key: true, body: { currency: 'JPY', amount: 1_000_000, reason: 'e2e: 貸株・ローンの資金' } });
  await ok(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 } });

  await loginThroughUi(page, phone, PASSWORD);

  // --- 与信情報: the score factor by factor, the quota, LTV 0 % ---
  await page.goto('/#/information/xyInfo');
  await expect(screen(page).getByTestId('credit-score')).toContainText('本人確認');
  await expect(screen(page).getByTestId('credit-score')).toContainText('取引実績');
  await expect(screen(page).getByTestId('credit-ltv')).toHaveText('0%');
  await expect(screen(page).getByTestId('credit-quota')).toContainText('借入枠（いずれか小さい方）');
  await shots(page, 'credit');

  // --- 借入: ¥100,000 with the fund password ---
  await screen(page).getByTestId('credit-to-loan').click();
  await expect(page).toHaveURL(/information\/loan/);
  await screen(page).getByTestId('borrow-amount').fill('100000');
  await screen(page).getByTestId('borrow-password').fill(FUND_PASSWORD);
  await screen(page).getByTestId('borrow-submit').click();
  await expect(page.getByTestId('borrow-confirm')).toContainText('¥100,000');
  await page.getByRole('dialog').getByRole('button', { name: '借り入れる' }).click();
  await expect(toast(page)).toContainText('借入が完了し、現金に入金されました');
  await expect(screen(page).getByTestId('loan-borrowed')).toHaveText('¥100,000');
  await expect(screen(page).getByTestId('loan-list')).toContainText('借入中');
  await shots(page, 'loan');

  // --- 返済: the whole balance ---
  await screen(page).getByTestId('repay-all').click();
  await screen(page).getByTestId('repay-submit').click();
  await expect(page.getByTestId('repay-confirm')).toContainText('¥100,000');
  await page.getByRole('dialog').getByRole('button', { name: 'ローンを返済する' }).click();
  await expect(toast(page)).toContainText('完済しました');
  await expect(screen(page).getByText('借入中のローンはありません')).toBeVisible();
  await page.goto('/#/information/loanRecords');
  await expect(screen(page).getByTestId('loan-records')).toContainText('借入');
  await expect(screen(page).getByTestId('loan-records')).toContainText('返済');
  await shots(page, 'loan-records');

  // --- 貸株: lend the 7203 shares ---
  await page.goto('/#/home/upStock');
  await expect(screen(page).getByTestId('stock-lendable')).toContainText('7203');
  await screen(page).getByTestId('stock-lend').first().click();
  await page.getByRole('dialog').getByRole('button', { name: '貸し出す' }).click();
  await expect(toast(page)).toContainText('貸株を開始しました');
  await expect(screen(page).getByTestId('stock-loan-status')).toHaveText('貸出中');

  // --- a day passes: the house pays the day's fee (the job at the new day) ---
  await setClock(request, DAY2_START);
  await ok(request, 'post', 'test/jobs/run', { token: admin });
  await setClock(request, DAY2);
  await page.goto('/#/home/upStockRecord');
  await expect(screen(page).getByTestId('stock-records')).toContainText('貸株金利（雑所得）');
  await expect(screen(page).getByTestId('stock-records')).toContainText('+¥');
  await shots(page, 'stock-records');

  // --- recall: completes the next business day ---
  await page.goto('/#/home/upStock');
  await screen(page).getByTestId('stock-recall').click();
  await page.getByRole('dialog').getByRole('button', { name: '返却を申し込む' }).click();
  await expect(toast(page)).toContainText('返却を申し込みました');
  await expect(screen(page).getByTestId('stock-loan-status')).toHaveText('返却手続中');
  await expect(screen(page).getByTestId('stock-loans')).toContainText('2026.12.04');
  await shots(page, 'upstock');
});
