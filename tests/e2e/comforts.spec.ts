import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { addressOf, loginThroughUi, newPhone, ok, registerUser, toast } from './helpers';
import { adminToken, E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';
import { E2E_ADMIN } from './env';

/**
 * Everyday comforts (issue 35 item 7): a toast when starring a stock; a server refusal shown under
 * the field it is about and kept until that field is edited; 保有証券 showing today's change of the
 * holding apart from the stock's 前日比, and lent shares marked 貸株中 with 売る disabled and why.
 * The clock is pinned to Wednesday 2026-12-02 10:00 Tokyo (market open) for the holdings.
 */
const PASSWORD = 'comforts-pass-1';
const DAY = '2026-12-02T10:00:00+09:00';
const DEMO_PHONE = '09011112222';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');

/**
 * KABUTO_SHOTS=<dir>: the screen in Japanese and English after `act` (a toast or a refusal is
 * gone after a reload, so it is brought back on each language); the viewport, not the full page.
 */
async function shotsAfter(page: Page, name: string, act: (lang: 'ja' | 'en') => Promise<void>, fullPage = false): Promise<void> {
  const dir = process.env.KABUTO_SHOTS;
  if (!dir) return;
  for (const [stored, lang] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), stored);
    await page.reload();
    await page.locator('.page:visible, .admin-screen').first().waitFor();
    await act(lang);
    await page.screenshot({ path: `${dir}/${name}-${lang}.png`, fullPage });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
}

async function upload(request: APIRequestContext, token: string, purpose: string, red: number): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 160 } } }).png().toBuffer();
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('starring a stock says so in a toast', async ({ page, request }) => {
  const phone = newPhone();
  await registerUser(request, phone, PASSWORD);
  await loginThroughUi(page, phone, PASSWORD);
  await page.goto('/#/market/stockDetail?code=7203');
  const star = page.getByTestId('watch-star');
  await star.click();
  await expect(toast(page)).toHaveText('トヨタ自動車 をお気に入りに追加しました');
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await star.click();
  await expect(toast(page)).toHaveText('トヨタ自動車 をお気に入りから外しました');
  await shotsAfter(page, 'star-toast', async () => {
    await page.getByTestId('watch-star').click();
    await toast(page).waitFor();
  });
});

test('a refusal about one field stays under it until the field is edited', async ({ page }) => {
  const phone = newPhone();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': addressOf(phone) });
  await page.goto('/#/login/register');
  const fill = async () => {
    await page.getByLabel('電話番号').fill(DEMO_PHONE);
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await page.getByLabel('パスワード（確認）').fill(PASSWORD);
    await page.getByLabel('招待コード').fill(E2E_ADMIN.invite);
    await page.locator('.check__input').check();
  };
  await fill();
  await page.getByRole('button', { name: '登録する' }).click();
  // The taken phone number is refused under the phone field, not in a passing toast.
  const phoneField = page.locator('.field', { has: page.getByLabel('電話番号') });
  await expect(phoneField.locator('.field__error')).toHaveText('この電話番号はすでに登録されています');
  await expect(phoneField.getByLabel('電話番号')).toHaveAttribute('aria-invalid', 'true');
  // Editing another field keeps it; editing the phone clears it.
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await expect(phoneField.locator('.field__error')).toBeVisible();
  await page.getByLabel('電話番号').fill(phone);
  await expect(phoneField.locator('.field__error')).toHaveCount(0);

  await shotsAfter(page, 'register-refusal', async (lang) => {
    await page.locator('.field__input').first().fill(DEMO_PHONE);
    await page.locator('input[type="password"]').nth(0).fill(PASSWORD);
    await page.locator('input[type="password"]').nth(1).fill(PASSWORD);
    await page.locator('input[autocapitalize="characters"]').fill(E2E_ADMIN.invite);
    await page.locator('.check__input').check();
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('.field__error').first()).toBeVisible();
    expect(lang).toBeTruthy();
  });
});

test('保有証券: today’s change of the holding apart from 前日比; lent shares are marked and 売る says why', async ({ page, request }) => {
  test.setTimeout(180_000);
  await setClock(request, DAY);
  for (const [name, value] of [['sellAfterDays', 0], ['stockLendingRateBp', 100]] as const) {
    await ok(request, 'post', 'admin/config', { token: admin, body: { name, value, reason: 'e2e: comforts' } });
  }
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const [front, back] = [await upload(request, token, 'kyc_front', 3), await upload(request, token, 'kyc_back', 4)];
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '快適 花子', nameKana: 'かいてき はなこ', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: front, backUploadId: back },
  });
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: '書類を確認しました' } });
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: 2_000_000, reason: 'e2e: comforts' } });
  const lent = await ok<{ id: string }>(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 } });
  await ok(request, 'post', 'trade/orders', { token, key: true, body: { code: '6758', direction: 'up', type: 'market', lots: 1, leverage: 1 } });
  await ok(request, 'post', 'lending/stock', { token, key: true, body: { positionId: lent.id } });

  await loginThroughUi(page, phone, PASSWORD);
  await page.goto('/#/trade/index');
  const toyota = screen(page).locator('[data-testid="holdings-stocks"] .holding[data-code="7203"]');
  const sony = screen(page).locator('[data-testid="holdings-stocks"] .holding[data-code="6758"]');
  await expect(toyota.getByTestId('holding-lent')).toContainText('貸株中 100株');
  await expect(toyota.getByRole('button', { name: '売る' })).toBeDisabled();
  await expect(sony.getByTestId('holding-lent')).toHaveCount(0);
  await expect(sony.getByRole('button', { name: '売る' })).toBeEnabled();
  // Two figures, two labels: the stock's 前日比 and today's change of what the user holds.
  await expect(sony).toContainText('前日比');
  await expect(sony).toContainText('本日の評価損益の変化');
  await expect(sony.getByTestId('holding-day-change')).toBeVisible();
  await expect(screen(page).locator('.holding__rule')).toContainText('保有株数 ×（現在値 − 前日終値）');

  await shotsAfter(
    page,
    'holdings-lent',
    async () => {
      await screen(page).locator('[data-testid="holdings-stocks"]').waitFor();
      await screen(page).locator('[data-testid="holdings-stocks"]').scrollIntoViewIfNeeded();
    },
    true,
  );
});

test('a passkey on a page opened by IP address says why it cannot work', async ({ page, request }) => {
  // The default base URL is http://127.0.0.1: WebAuthn refuses an IP address as the RP ID (SecurityError).
  const phone = newPhone();
  await registerUser(request, phone, PASSWORD);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await loginThroughUi(page, phone, PASSWORD);
  await page.goto('/#/information/setting');
  const add = page.locator('section.passkeys').getByRole('button', { name: 'パスキーを登録' });
  await add.click();
  await expect(toast(page)).toContainText('IPアドレス（127.0.0.1）で開いたページではパスキーを使えません');
  await shotsAfter(page, 'passkey-ip', async () => {
    await page.locator('section.passkeys .passkeys__actions button').first().click();
    await toast(page).waitFor();
  });
});

test.describe('back office', () => {
  test.use({ baseURL: E2E_LOCAL_BASE });

  test('every config item is named and explained in Japanese, enum choices in words', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signInAdminThroughUi(page, request);
    await page.goto('/#/admin/config');
    const main = page.locator('.admin-screen');
    await expect(main).toContainText('出金の当日扱いの締切時刻');
    await expect(main).toContainText('為替スプレッド');
    await expect(main).toContainText('手数料無料（zero）');
    // No item is left under its key alone: each row's label is words, the key beside it.
    const rows = main.locator('.admin-config__row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(40);
    for (let i = 0; i < count; i++) {
      const label = await rows.nth(i).locator('.admin-config__label').innerText();
      const key = await rows.nth(i).locator('.admin-config__key').innerText();
      expect(label.replace(key, '').trim(), key).toMatch(/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}]/u);
    }
    await shotsAfter(page, 'admin-config', async () => {
      await page.locator('.admin-config__row').first().waitFor();
    }, true);
  });
});
