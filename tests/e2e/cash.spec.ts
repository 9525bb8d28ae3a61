import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { toEip55 } from '../../src/shared/domain/wallet-address';
import { api, loginThroughUi, newPhone, ok, persisted, registerUser, shots } from './helpers';
import { adminToken } from './admin-passkey';
import { addMufgShinjukuAccount } from './identity-steps';

/**
 * Bank accounts and wallets (docs/domain.md "Bank accounts and wallets") on a phone: a user whose
 * identity an admin approved adds a bank account by searching 三菱ＵＦＪ and a branch (a 6-digit
 * number refused first) with the fund password, sees it masked, reads the list offline, deletes it;
 * adds a USDT address after a checksum error. A new account cannot receive a withdrawal before its
 * hold ends: the list, the withdrawal screen and the refusal say when it can; a sign-in older than
 * 5 minutes is led to the re-login first. The identity is verified through the kyc API (uploads,
 * submit, approve) and the fund password set through the API.
 */
const screen = (page: Page) => page.locator('.page:visible');
const FUND_PASSWORD = '271828';

/** An ERC20 address made from `seed`, in its EIP-55 form (the app's own function is not used to check itself: see tests/unit/cash-wallet-address.test.ts for the spec vectors). */
function eip55Of(seed: string): string {
  const hex = (seed.replace(/\D/g, '') + 'abcdef0123456789'.repeat(3)).slice(0, 40).toLowerCase();
  return toEip55(hex);
}

async function upload(request: APIRequestContext, token: string, purpose: string, red: number): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 160 } } }).png().toBuffer();
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A registered user with a verified identity (the kana of 山田 太郎) and the fund password FUND_PASSWORD. */
async function verifiedUser(request: APIRequestContext, password: string): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  const token = await registerUser(request, phone, password);
  await ok(request, 'post', 'user/fund-password', { token, body: { password: FUND_PASSWORD, password2: FUND_PASSWORD, loginPassword: password } });
  const [front, back] = [await upload(request, token, 'kyc_front', 1), await upload(request, token, 'kyc_back', 2)];
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '山田 太郎', nameKana: 'やまだ たろう', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back },
  });
  const admin = await adminToken(request);
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: '書類を確認しました' } });
  return { phone, token };
}

test('a verified user adds a bank account found by 三菱ＵＦＪ and a branch, reads it offline, deletes it; adds a USDT address', async ({ page, context, request }) => {
  const password = 'cash-pass-123';
  const { phone, token } = await verifiedUser(request, password);
  await loginThroughUi(page, phone, password);

  // --- empty list, then the add screen ---
  await page.goto('/#/information/bankList');
  await expect(screen(page).getByText('登録済みの銀行口座はありません')).toBeVisible();
  await screen(page).getByRole('link', { name: '銀行口座を追加' }).click();
  await expect(page).toHaveURL(/addBankCard/);

  // --- bank: full-width 三菱ＵＦＪ finds 0005 ---
  await screen(page).locator('.cash-picker').first().click();
  await page.locator('.cash-sheet input').fill('三菱ＵＦＪ');
  await page.getByTestId('zengin-results').locator('.cash-picks__row', { hasText: '0005' }).click();
  await expect(screen(page).locator('.cash-picker').first()).toContainText('0005');

  // --- branch: hiragana finds 新宿 first (an exact name before longer ones) ---
  await screen(page).locator('.cash-picker').nth(1).click();
  await page.locator('.cash-sheet input').fill('しんじゅく');
  const first = page.getByTestId('zengin-results').locator('.cash-picks__row').first();
  await expect(first.locator('.cash-picks__name')).toHaveText('新宿');
  await first.click();

  // --- a 6-digit number is refused, not padded; the holder is prefilled from the KYC kana ---
  await expect(screen(page).locator('input[name="holder"]')).toHaveValue('ヤマダ　タロウ');
  await screen(page).getByTestId('destination-fund-password').fill(FUND_PASSWORD);
  await screen(page).locator('input[name="number"]').fill('123456');
  await screen(page).locator('form button[type="submit"]').click();
  await expect(screen(page).locator('.field__error')).toContainText('7桁');
  expect((await api<{ items: unknown[] }>(request, 'get', 'cash/bank-accounts', { token })).body.data.items).toEqual([]);
  // Half-width kana typed into the holder is converted as typed.
  await screen(page).locator('input[name="holder"]').fill('ﾔﾏﾀﾞ ﾀﾛｳ');
  await expect(screen(page).locator('input[name="holder"]')).toHaveValue('ヤマダ　タロウ');
  // A number of this run (one account belongs to one person, across users and runs).
  const number = phone.slice(-7);
  await screen(page).locator('input[name="number"]').fill(number);
  await screen(page).locator('form button[type="submit"]').click();

  // --- the list shows it masked ---
  await expect(page).toHaveURL(/bankList/);
  const row = screen(page).getByTestId('bank-accounts').locator('.cash-card');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('三菱ＵＦＪ 新宿');
  await expect(row).toContainText(`•••${number.slice(-4)}`);
  await expect(screen(page)).not.toContainText(number);

  // --- offline: the list comes from the persisted cache ---
  // The persisted entry holds the new account (not the empty list read first).
  await expect.poll(() => persisted(page, `•••${number.slice(-4)}`), { timeout: 15_000 }).toBe(true);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(screen(page).getByTestId('bank-accounts')).toContainText(`•••${number.slice(-4)}`);
  } finally {
    await context.setOffline(false);
  }

  // --- delete with confirmation ---
  await screen(page).locator('.cash-card__delete').click();
  await page.locator('.dialog__btn--danger').click();
  await expect(screen(page).getByText('登録済みの銀行口座はありません')).toBeVisible();

  // --- a USDT address: a bad EIP-55 checksum is refused, the right one accepted ---
  await page.goto('/#/information/usdtAddress');
  await screen(page).getByRole('radio', { name: 'ERC20' }).click();
  // An address of this run in its EIP-55 form, and the same with one letter's case flipped.
  const good = eip55Of(phone);
  const i = good.slice(2).search(/[a-fA-F]/) + 2;
  const ch = good[i]!;
  const flipped = good.slice(0, i) + (ch === ch.toUpperCase() ? ch.toLowerCase() : ch.toUpperCase()) + good.slice(i + 1);
  await screen(page).locator('input[name="address"]').fill(flipped);
  await expect(screen(page).locator('.field__error')).toContainText('チェックサム');
  await screen(page).locator('input[name="address"]').fill(good);
  await screen(page).getByTestId('destination-fund-password').fill(FUND_PASSWORD);
  await screen(page).locator('form button[type="submit"]').click();
  await expect(screen(page).getByTestId('wallets')).toContainText(good);
  // A new address, like a new account, waits out the hold before it may receive.
  await expect(screen(page).getByTestId('wallets').getByTestId('destination-hold')).toContainText('から出金先として利用できます');
  await shots(page, 'usdtAddress');
});

test('an unverified user is sent to 本人確認', async ({ page, request }) => {
  const phone = newPhone();
  await registerUser(request, phone, 'cash-pass-456');
  await loginThroughUi(page, phone, 'cash-pass-456');
  await page.goto('/#/information/bankList');
  await expect(screen(page).getByTestId('kyc-required')).toContainText('先に本人確認を完了してください');
  await expect(screen(page).getByRole('link', { name: '銀行口座を追加' })).toHaveCount(0);
  await screen(page).getByTestId('kyc-required').getByRole('link').click();
  await expect(page).toHaveURL(/authInfo/);
});

test('a new bank account cannot receive a withdrawal before its hold ends; a sign-in older than 5 minutes is led to sign in again first', async ({ page, request }) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 300_000 : 120_000);
  const admin = await adminToken(request);
  const setClock = (at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
  // Friday 2026-11-27 10:00 Tokyo, a business day inside the withdrawal hours; the clock held there.
  await setClock('2026-11-27T10:00:00+09:00');
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'payoutHoldHours', value: 24, reason: 'e2e: the default hold on new destinations' } });
  try {
    const password = 'cash-hold-123';
    const { phone, token } = await verifiedUser(request, password);
    const { id } = await ok<{ id: string }>(request, 'get', 'user/info', { token });
    await ok(request, 'post', `admin/users/${id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: 100_000, reason: 'e2e: 出金の確認用' } });
    await loginThroughUi(page, phone, password);

    // --- 6 minutes after the sign-in the add screen leads to the re-login, then back to the form ---
    await setClock('2026-11-27T10:06:00+09:00');
    await page.goto('/#/information/addBankCard');
    const gate = screen(page).getByTestId('reauth-required');
    await expect(gate).toContainText('ログインから5分以内');
    await shots(page, 'addBankCard-reauth');
    await gate.getByRole('link', { name: '再ログインする' }).click();
    await expect(page).toHaveURL(/reLogin/);
    await expect(screen(page).getByTestId('relogin-reason')).toContainText('出金先の登録の前にもう一度ログイン');
    await shots(page, 'reLogin-payout');
    await screen(page).getByLabel('パスワード', { exact: true }).fill(password);
    await screen(page).getByRole('button', { name: 'ログイン', exact: true }).click();
    await expect(page).toHaveURL(/addBankCard/);
    await expect(screen(page).getByTestId('hold-lead')).toContainText('24時間');
    await shots(page, 'addBankCard');

    // --- added with the fund password; the list says from when it may receive ---
    const row = await addMufgShinjukuAccount(page, 'ヤマダ　タロウ', phone.slice(-7), FUND_PASSWORD);
    await expect(row.getByTestId('destination-hold')).toHaveText('2026.11.28 10:06 から出金先として利用できます');
    // The kept list holds the new account before the page is loaded again (it reads the kept copy first).
    await expect.poll(() => persisted(page, `•••${phone.slice(-4)}`), { timeout: 15_000 }).toBe(true);
    await shots(page, 'bankList');

    // --- 出金 to it is refused, with that time ---
    await page.goto('/#/information/cashOut');
    await expect(screen(page).getByTestId('destination-hold')).toHaveText('2026.11.28 10:06 から出金先として利用できます');
    await shots(page, 'cashOut-hold');
    const refusal = screen(page).locator('.withdraw-form [role="alert"]');
    for (const lang of process.env.KABUTO_SHOTS ? (['jp', 'en'] as const) : (['jp'] as const)) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.reload();
      await screen(page).getByTestId('withdraw-amount').fill('10000');
      await screen(page).getByTestId('withdraw-password').fill(FUND_PASSWORD);
      await screen(page).getByTestId('withdraw-submit').click();
      await page.getByRole('dialog').locator('.dialog__actions button').last().click();
      if (lang === 'jp') await expect(refusal).toHaveText('この出金先は登録したばかりのため、2026.11.28 10:06 から出金先として利用できます');
      else await expect(refusal).toContainText('2026.11.28 10:06');
      if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/cashOut-refused-${lang === 'jp' ? 'ja' : 'en'}.png`, fullPage: true });
    }
    await page.evaluate(() => localStorage.setItem('language', 'jp'));
    expect((await ok<{ items: unknown[] }>(request, 'get', 'cash/withdrawals', { token })).items).toEqual([]);

    // --- once the hold is over (Monday 10:00, the next business day) the same request is accepted ---
    await setClock('2026-11-30T10:00:00+09:00');
    await page.reload();
    await screen(page).getByTestId('withdraw-amount').fill('10000');
    await screen(page).getByTestId('withdraw-password').fill(FUND_PASSWORD);
    await screen(page).getByTestId('withdraw-submit').click();
    await page.getByRole('dialog').getByRole('button', { name: '出金を申請する' }).click();
    await expect(page.locator('.toast')).toContainText('出金を申請しました');
    const after = await ok<{ items: { amount: number; status: string }[] }>(request, 'get', 'cash/withdrawals', { token });
    expect(after.items).toEqual([expect.objectContaining({ amount: 10_000, status: 'pending' })]);
  } finally {
    await setClock(null);
  }
});
