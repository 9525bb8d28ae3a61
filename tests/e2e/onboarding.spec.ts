import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './env';
import { addressOf, apiLogin, newPhone, ok, shots, toast } from './helpers';
import { adminToken } from './admin-passkey';
import { addMufgShinjukuAccount } from './identity-steps';

/**
 * 口座開設 (issue 35 item 4, docs/domain.md "Onboarding"): the welcome says what is simulated; a new
 * user registers and home shows the checklist at 0/4; 本人確認 submitted (審査中, the deposit screen
 * asks for it first), approved by an admin → 1/4; the fund password → 2/4; a bank account → 3/4; a
 * deposit (審査中), approved → the card is gone. Every step is taken from the card's primary button.
 * KABUTO_SHOTS: the welcome and the first checklist in Japanese and English, every later step in Japanese.
 *
 * The server's clock is Friday 2026-11-27 10:00 Tokyo: a business day inside the deposit hours.
 */
const PASSWORD = 'onboarding-pass-1';
const FUND_PASSWORD = '730519';
const NOW = '2026-11-27T10:00:00+09:00';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');
const card = (page: Page) => screen(page).getByTestId('onboarding');

async function photo(label: string, color: string): Promise<Buffer> {
  const svg = `<svg width="1200" height="800"><rect x="60" y="60" width="1080" height="680" rx="40" fill="#fff"/><text x="120" y="300" font-size="120">${label}</text></svg>`;
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: color } }).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 85 }).toBuffer();
}

/** A Japanese picture of the screen as it is, once the last toast has gone (KABUTO_SHOTS only). */
async function shotJa(page: Page, name: string): Promise<void> {
  if (!process.env.KABUTO_SHOTS) return;
  await expect(toast(page)).toHaveCount(0);
  await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/${name}-ja.png`, fullPage: true });
}

/** Home, its checklist at `done`/4 (the progress bar says the same to assistive technology). */
async function homeAt(page: Page, done: number): Promise<void> {
  await page.goto('/#/home/index');
  await expect(card(page).getByTestId('onboarding-count')).toHaveText(`${done}/4`);
  await expect(card(page).getByRole('progressbar', { name: '口座開設の進み具合' })).toHaveAttribute('aria-valuenow', String(done));
}

/** Each step's state badge, in order: 本人確認, 取引暗証番号, 銀行口座, 入金. */
async function expectStates(page: Page, states: string[]): Promise<void> {
  const rows = card(page).getByRole('listitem');
  await expect(rows).toHaveCount(4);
  await expect(rows.locator('.onboarding__state')).toHaveText(states);
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, NOW);
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('a new user: the checklist advances 0/4 → 4/4 as each step is done, then disappears', async ({ page, request }) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 300_000 : 150_000);
  const phone = newPhone();
  const name = `口座 ${phone.slice(-4)}`;
  const channelLabel = `銀行振込 ${phone.slice(-4)}`;
  await ok(request, 'post', 'admin/deposit-channels', {
    token: admin,
    body: { type: 'bank', label: channelLabel, bankName: 'テスト銀行', branchName: '本店営業部', accountType: 'futsu', accountNumber: '7654321', holder: 'カブト証券株式会社', reason: 'e2e: 入金口座の開設' },
  });

  // --- the welcome says what is simulated, before anyone registers ---
  await page.goto('/#/login/start1');
  await expect(page.getByTestId('welcome-simulated')).toContainText('シミュレーション');
  await shots(page, 'onboarding-welcome');

  // --- register through the screen: home shows the checklist at 0/4 ---
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': addressOf(phone) });
  await page.goto('/#/login/register');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByLabel('招待コード').fill(E2E_ADMIN.invite);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
  await homeAt(page, 0);
  await expectStates(page, ['未完了', '未完了', '未完了', '未完了']);
  await expect(card(page).getByTestId('onboarding-bankAccount')).toContainText('先に本人確認、取引暗証番号を完了してください');
  await expect(card(page).getByTestId('onboarding-deposit')).toContainText('先に本人確認を完了してください');
  await shots(page, 'onboarding-0');
  const token = await apiLogin(request, phone, PASSWORD);

  // --- 本人確認, from the card's button: submitted, 審査中 ---
  await card(page).getByRole('link', { name: '本人確認へ進む' }).click();
  await expect(page).toHaveURL(/authInfo/);
  await page.getByLabel('氏名（漢字）').fill(name);
  await page.getByLabel('フリガナ（全角カタカナ）').pressSequentially('こうざ はなこ');
  await page.getByLabel('書類番号').fill('123456789012');
  const [front, back, receipt] = await Promise.all([photo('FRONT', '#7aa7d9'), photo('BACK', '#d9b07a'), photo('RECEIPT', '#9ad97a')]);
  await page.getByTestId('kyc-front').locator('input[type=file]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: front });
  await expect(page.getByTestId('kyc-front').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('kyc-back').locator('input[type=file]').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: back });
  await expect(page.getByTestId('kyc-back').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByTestId('kyc-status').getByText('審査中')).toBeVisible();
  await homeAt(page, 0);
  await expectStates(page, ['審査中', '未完了', '未完了', '未完了']);
  await expect(card(page).getByTestId('onboarding-next')).toHaveText('取引暗証番号を設定する');
  await shotJa(page, 'onboarding-kyc-review');

  // The deposit screen, before the identity is verified, leads to 本人確認 instead of taking money.
  await page.goto('/#/information/recharge');
  await expect(screen(page).getByTestId('kyc-required')).toContainText('先に本人確認を完了してください');
  await expect(screen(page).getByRole('link', { name: '本人確認へ進む' })).toBeVisible();
  await expect(screen(page).getByRole('button', { name: '入金を申請する' })).toHaveCount(0);
  await shotJa(page, 'onboarding-deposit-needs-kyc');

  // --- an admin approves it: 1/4 ---
  const submission = await ok<{ submission: { id: string } }>(request, 'get', 'kyc', { token });
  await ok(request, 'post', `admin/kyc/${submission.submission.id}/approve`, { token: admin, body: { reason: 'e2e: 書類を確認' } });
  await homeAt(page, 1);
  await expectStates(page, ['完了', '未完了', '未完了', '未完了']);
  await expect(card(page).getByTestId('onboarding-bankAccount')).toContainText('先に取引暗証番号を完了してください');
  await shotJa(page, 'onboarding-1');

  // --- the fund password: 2/4 ---
  await card(page).getByRole('link', { name: '取引暗証番号を設定する' }).click();
  await expect(page).toHaveURL(/fundPass/);
  await screen(page).getByLabel('ログインパスワード', { exact: true }).fill(PASSWORD);
  await screen(page).getByLabel('新しい取引暗証番号（6桁の数字）', { exact: true }).fill(FUND_PASSWORD);
  await screen(page).getByLabel('新しい取引暗証番号（確認）', { exact: true }).fill(FUND_PASSWORD);
  await screen(page).getByRole('button', { name: '設定する' }).click();
  await expect(toast(page)).toHaveText('取引暗証番号を設定しました');
  await homeAt(page, 2);
  await expectStates(page, ['完了', '完了', '未完了', '未完了']);
  await shotJa(page, 'onboarding-2');

  // --- a bank account: 3/4 ---
  await card(page).getByRole('link', { name: '銀行口座を登録する' }).click();
  await expect(page).toHaveURL(/addBankCard/);
  await addMufgShinjukuAccount(page, 'コウザ　ハナコ', phone.slice(-7), FUND_PASSWORD);
  await homeAt(page, 3);
  await expectStates(page, ['完了', '完了', '完了', '未完了']);
  await shotJa(page, 'onboarding-3');

  // --- a deposit with its receipt: 審査中, nothing for the user to do but wait ---
  await card(page).getByRole('link', { name: '入金する' }).click();
  await expect(page).toHaveURL(/recharge/);
  await screen(page).getByRole('radio', { name: channelLabel }).check();
  await screen(page).getByTestId('deposit-amount').fill('100000');
  await screen(page).getByTestId('deposit-receipt').locator('input[type=file]').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receipt });
  await expect(screen(page).getByTestId('deposit-receipt').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await screen(page).getByRole('button', { name: '入金を申請する' }).click();
  await expect(toast(page)).toHaveText('入金を申請しました');
  await homeAt(page, 3);
  await expectStates(page, ['完了', '完了', '完了', '審査中']);
  await expect(card(page).getByTestId('onboarding-next')).toHaveCount(0);
  await expect(card(page)).toContainText('スタッフが審査しています');
  await shotJa(page, 'onboarding-deposit-review');

  // --- an admin approves the deposit: every step done, the card is gone ---
  const deposits = await ok<{ items: { id: string }[] }>(request, 'get', 'cash/deposits', { token });
  await ok(request, 'post', `admin/deposits/${deposits.items[0]!.id}/approve`, { token: admin, body: { reason: 'e2e: 着金を確認' }, key: true });
  // Home was on display all along: a reload reads user/info afresh (kept answer first, then the server's).
  await page.reload();
  await expect(screen(page).getByTestId('onboarding')).toHaveCount(0);
  // The kept total may show first: reload until the summary has the deposit.
  await expect(async () => {
    await page.reload();
    await expect(screen(page).locator('.asset-summary')).toContainText('¥100,000', { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(screen(page).getByTestId('onboarding')).toHaveCount(0);
  await shotJa(page, 'onboarding-done');
});
