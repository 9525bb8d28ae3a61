import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { loginThroughUi, newPhone, ok, registerUser, shots, toast } from './helpers';
import { adminToken, E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';

/**
 * USDT in and out through the UI (issue 12): the admin sets up a USDT channel with two of the
 * operator's addresses in 入金方法; the user's 入金 screen shows an address of their own, they
 * deposit 250.50 USDT with a receipt; once approved the USDT balance is USDT (the yen untouched), and
 * 出金 to their own wallet pays USDT from it with a USDT breakdown. Setup that is not this test's
 * subject (identity check, wallet, fund password) goes through the API.
 */
const PASSWORD = 'usdt-loop-pass-1';
const FUND_PASSWORD = '753159';
const NOW = '2026-11-27T10:00:00+09:00';

let admin = '';
const screen = (page: Page) => page.locator('.page:visible');
const tronAddress = () => createBase58check(sha256).encode(Uint8Array.from([0x41, ...randomBytes(20)]));

async function png(color: string): Promise<Buffer> {
  return sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).png().toBuffer();
}

async function uploadPhoto(request: APIRequestContext, token: string, purpose: string, color: string): Promise<string> {
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, {
    method: 'POST',
    headers: { token, 'content-type': 'application/octet-stream' },
    data: await png(color),
  });
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status(), JSON.stringify(body)).toBe(200);
  return body.data.id;
}

/** KYC submitted and approved, a fund password, a TRC20 wallet: what the money screens need. */
async function readyCustomer(request: APIRequestContext, phone: string, wallet: string): Promise<string> {
  const token = await registerUser(request, phone, PASSWORD);
  const front = await uploadPhoto(request, token, 'kyc_front', '#7aa7d9');
  const back = await uploadPhoto(request, token, 'kyc_back', '#d9b07a');
  const kyc = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '手座 花子', nameKana: 'テザ　ハナコ', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back },
  });
  await ok(request, 'post', `admin/kyc/${kyc.submission.id}/approve`, { token: admin, body: { reason: 'e2e: 書類を確認' } });
  await ok(request, 'post', 'user/fund-password', { token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: PASSWORD } });
  await ok(request, 'post', 'cash/wallets', { token, body: { network: 'TRC20', address: wallet, label: 'メイン', fundPassword: FUND_PASSWORD } });
  return token;
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await ok(request, 'post', 'test/clock', { token: admin, body: { at: NOW } });
  // The new wallet receives the withdrawal at once (the hold on new destinations: cash.spec.ts).
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'payoutHoldHours', value: 0, reason: 'e2e: no hold on new destinations' } });
});

test.afterAll(async ({ request }) => {
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'payoutHoldHours', value: 24, reason: 'e2e: the default hold' } });
  await ok(request, 'post', 'test/clock', { token: admin, body: { at: null } });
});

test('a USDT channel with its address pool → the user deposits USDT to an address of their own → withdraws USDT to their wallet', async ({ page, request, browser }) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 300_000 : 120_000);
  const phone = newPhone();
  const label = `USDT ${phone.slice(-4)}`;
  const pool = [tronAddress(), tronAddress()];

  // --- the admin adds the channel with two addresses in 入金方法 ---
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: E2E_LOCAL_BASE });
  const adminPage = await adminContext.newPage();
  try {
    await signInAdminThroughUi(adminPage, request);
    await adminPage.goto('/#/admin/depositChannels');
    await adminPage.getByRole('radio', { name: 'USDT（お客様ごとのアドレス）' }).check();
    await adminPage.getByLabel('表示名').fill(label);
    await adminPage.getByLabel('運営者のアドレス（1行に1件）').fill(pool.join('\n'));
    await adminPage.getByTestId('channel-create').click();
    await adminPage.getByRole('dialog').getByLabel('理由（必須・監査ログに記録）').fill('e2e: USDT 入金の開始');
    await adminPage.getByRole('dialog').getByRole('button', { name: '追加する' }).click();
    const row = adminPage.getByTestId('admin-channels').locator('li').filter({ hasText: label });
    await expect(row).toContainText('アドレス 2 件（未割当 2 件）');
  } finally {
    await adminContext.close();
  }

  const wallet = tronAddress();
  const token = await readyCustomer(request, phone, wallet);
  await loginThroughUi(page, phone, PASSWORD);

  // --- 入金: the channel shows an address of this user's own, amounts in USDT ---
  await page.goto('/#/information/recharge');
  await screen(page).getByRole('radio', { name: label }).check();
  const card = screen(page).getByTestId('deposit-channel');
  await expect(card).toContainText('TRC20');
  const mine = (await ok<{ items: { id: string; label: string; address: string | null }[] }>(request, 'get', 'cash/channels', { token })).items.find((c) => c.label === label)!;
  expect(pool).toContain(mine.address);
  await expect(card).toContainText(mine.address!);
  await expect(screen(page).getByText('入金額（USDT）')).toBeVisible();
  if (process.env.KABUTO_SHOTS) {
    // Opened on this channel (?id=), so the reloads keep it chosen.
    await page.goto(`/#/information/recharge?id=${mine.id}`);
    await shots(page, 'recharge-usdt');
  }
  await screen(page).getByTestId('deposit-amount').fill('250.50');
  await screen(page).getByTestId('deposit-receipt').locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await png('#9ad97a') });
  await expect(screen(page).getByTestId('deposit-receipt').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await screen(page).getByRole('button', { name: '入金を申請する' }).click();
  await expect(toast(page)).toHaveText('入金を申請しました');
  const deposits = await ok<{ items: { id: string; amount: number; currency: string; reference: string }[] }>(request, 'get', 'cash/deposits', { token });
  expect(deposits.items[0]).toMatchObject({ amount: 25_050, currency: 'USDT', reference: mine.address });
  await ok(request, 'post', `admin/deposits/${deposits.items[0]!.id}/approve`, { token: admin, key: true, body: { reason: 'e2e: 着金を確認' } });

  // --- 出金 to the wallet: USDT from the USDT balance, its own breakdown ---
  await page.goto('/#/information/cashOut');
  await screen(page).getByRole('radio', { name: /TRC20/ }).check();
  await expect(screen(page).getByTestId('withdraw-usdt-note')).toBeVisible();
  await expect(screen(page).getByTestId('withdrawable')).toHaveText('USDT 250.50');
  if (process.env.KABUTO_SHOTS) {
    await shots(page, 'cashOut-usdt');
    await screen(page).getByRole('radio', { name: /TRC20/ }).check();
  }
  await screen(page).getByRole('button', { name: '全額' }).click();
  await expect(screen(page).getByTestId('withdraw-amount')).toHaveValue('250.50');
  await screen(page).getByTestId('withdraw-password').fill(FUND_PASSWORD);
  await screen(page).getByTestId('withdraw-submit').click();
  await expect(page.getByRole('dialog').getByTestId('withdraw-confirm')).toContainText('USDT 250.50');
  await page.getByRole('dialog').getByRole('button', { name: '出金を申請する' }).click();
  await expect(toast(page)).toContainText('出金を申請しました');
  const list = await ok<{ items: { currency: string; amount: number; status: string; destination: { type: string } }[]; breakdown: { held: number } }>(request, 'get', 'cash/withdrawals', { token });
  expect(list.items[0]).toMatchObject({ currency: 'USDT', amount: 25_050, status: 'pending', destination: { type: 'wallet' } });
  // The yen side never moved: nothing was converted on the way in or out.
  expect(list.breakdown.held).toBe(0);
});
