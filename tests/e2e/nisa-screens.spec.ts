import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { myNumberCheckDigit } from '../../src/shared/domain/kyc-rules';
import { api, loginThroughUi, newPhone, ok, registerUser, shots, toast } from './helpers';
import { adminToken, newAdminPage } from './admin-passkey';

/**
 * 口座区分 and NISA (issue 38, docs/domain.md "Account types and NISA"), 390×844: a user without a
 * My Number identity is told to finish it first; one with it applies (審査中), an admin approves in
 * the back office with a reason, and the NISA screen shows the room with a NISA buy in it; another
 * is rejected and sees the reason. The 口座区分 screen changes 源泉徴収 while nothing was sold.
 *
 * With KABUTO_SHOTS=<dir> every state is saved there in Japanese and English.
 */
const screen = (page: Page) => page.locator('.page:visible');
let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  // A weekday morning: continuous trading, so a market order fills at once.
  await setClock(request, '2026-11-27T10:00:00+09:00');
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

async function upload(request: APIRequestContext, token: string, purpose: string, red: number): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 160 } } }).png().toBuffer();
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A signed-in user; with `myNumber`, their identity verified with a My Number card (kyc API) and cash granted. */
async function user(page: Page, request: APIRequestContext, myNumber: boolean): Promise<{ phone: string; token: string; id: string }> {
  const phone = newPhone();
  const password = 'nisa-screens-1';
  const token = await registerUser(request, phone, password);
  const { id } = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  if (myNumber) {
    const first11 = phone.replace(/\D/g, '').padStart(11, '1').slice(-11);
    const [front, back] = [await upload(request, token, 'kyc_front', 1), await upload(request, token, 'kyc_back', 2)];
    const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
      token,
      body: { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'my_number', documentNumber: first11 + myNumberCheckDigit(first11), frontUploadId: front, backUploadId: back },
    });
    await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: 'マイナンバーカードを確認しました' } });
    await ok(request, 'post', `admin/users/${id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: nisa' } });
  }
  await loginThroughUi(page, phone, password);
  return { phone, token, id };
}

/** For `shots`: the page reloaded and `testId` drawn (the screen's data loaded, not only the network idle). */
const drawn = (testId: string) => async (p: Page) => {
  await p.reload();
  await expect(p.locator('.page:visible').getByTestId(testId)).toBeVisible();
  await p.waitForFunction(() => document.fonts.status === 'loaded');
};

async function apply(page: Page): Promise<void> {
  await page.goto('/#/information/nisa');
  const form = screen(page).locator('form.nisa-apply');
  await expect(form.getByRole('button', { name: 'NISA口座を申し込む' })).toBeDisabled();
  await form.getByText('今年、他の金融機関でNISA口座を保有していません').click();
  await form.getByRole('button', { name: 'NISA口座を申し込む' }).click();
  await expect(screen(page).getByTestId('nisa-status')).toContainText('審査中');
}

test('without a My Number identity: the NISA screen says so and links to 本人確認; 口座区分 changes 源泉徴収', async ({ page, request }) => {
  await user(page, request, false);
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('nisa-state')).toHaveText('未開設');
  await expect(screen(page).getByTestId('tax-account-value')).toHaveText('特定口座（源泉徴収あり）');
  await page.goto('/#/information/nisa');
  const refusal = screen(page).getByTestId('nisa-kyc-required');
  await expect(refusal).toContainText('マイナンバーカード');
  await expect(refusal.getByRole('link', { name: '本人確認へ進む' })).toBeVisible();
  await shots(page, 'nisa-none', drawn('nisa-kyc-required'));

  await page.goto('/#/information/taxAccount');
  await expect(screen(page).getByTestId('tax-account-current')).toHaveText('特定口座（源泉徴収あり）');
  await screen(page).getByTestId('withholding-off').click();
  await screen(page).getByRole('button', { name: '変更する' }).click();
  await expect(screen(page).getByTestId('tax-account-current')).toHaveText('特定口座（源泉徴収なし）');
  await shots(page, 'tax-account', drawn('tax-account-current'));

  // The account-opening (KYC) form's 特定口座 choice, 源泉徴収あり by default.
  await page.goto('/#/information/authInfo');
  await expect(screen(page).getByTestId('kyc-tax-account').getByRole('radio').first()).toBeChecked();
  await shots(page, 'kyc-tax-account', drawn('kyc-tax-account'));
});

test('applied, approved in the back office with a reason: the NISA room with a NISA buy in it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const { phone, token, id } = await user(page, request, true);
  await apply(page);
  await shots(page, 'nisa-pending', drawn('nisa-status'));

  const { context, page: adminPage } = await newAdminPage(browser, request);
  await adminPage.goto('/#/admin/nisa');
  await adminPage.getByRole('link', { name: new RegExp(phone) }).click();
  const detail = adminPage.getByTestId('nisa-application');
  await expect(detail).toContainText('他の金融機関でNISA口座を保有していません');
  await shots(adminPage, 'admin-nisa-queue', async (p) => {
    await p.reload();
    await expect(p.getByTestId('nisa-application')).toBeVisible();
  });
  await detail.getByRole('button', { name: '承認', exact: true }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('理由（必須・監査ログに記録）').fill('税務署の確認が済みました');
  await dialog.getByRole('button', { name: '承認する' }).click();
  await expect(toast(adminPage)).toHaveText('承認しました');

  // A NISA 成長投資枠 buy (the trade area's), so the room shows use; the screen is checked either way.
  const buy = await api(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1, account: 'nisa_growth' } });
  console.log('nisa buy:', JSON.stringify(buy).slice(0, 300));

  await adminPage.goto(`/#/admin/user?id=${id}`);
  await expect(adminPage.getByTestId('admin-user-nisa')).toContainText('開設済み');
  await shots(adminPage, 'admin-user-nisa');
  await context.close();

  // By My page, as the user goes (the screen still on the 審査中 view would not remount).
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('nisa-state')).toHaveText('開設済み');
  await page.goto('/#/information/nisa');
  await expect(screen(page).getByTestId('nisa-frame-nisa_growth')).toContainText('¥2,400,000');
  await expect(screen(page).getByTestId('nisa-tsumitate-none')).toBeVisible();
  await expect(screen(page).getByTestId('nisa-dividends')).toContainText('株式数比例配分方式');
  await shots(page, 'nisa-open', drawn('nisa-dividends'));
});

test('rejected with a reason: the reason, and the application again', async ({ page, request }) => {
  const { token } = await user(page, request, true);
  await apply(page);
  const queue = await ok<{ items: { id: string; userId: string }[] }>(request, 'get', 'admin/nisa/applications?status=pending&limit=100', { token: admin });
  const mine = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  const app = queue.items.find((i) => i.userId === mine.id);
  expect(app).toBeTruthy();
  await ok(request, 'post', `admin/nisa/applications/${app!.id}/decide`, { token: admin, body: { decision: 'rejected', reason: '他の金融機関でNISA口座が開設されています' } });
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('nisa-state')).toHaveText('不承認');
  await page.goto('/#/information/nisa');
  await expect(screen(page).getByTestId('nisa-rejected-reason')).toContainText('他の金融機関でNISA口座が開設されています');
  await expect(screen(page).locator('form.nisa-apply')).toBeVisible();
  await shots(page, 'nisa-rejected', drawn('nisa-rejected-reason'));
});
