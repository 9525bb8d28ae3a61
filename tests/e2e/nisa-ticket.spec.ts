import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { myNumberCheckDigit } from '../../src/shared/domain/kyc-rules';
import { api, loginThroughUi, newPhone, ok, registerUser } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * 預り区分 on the order ticket and every holding line (issue 38), 390×844: without NISA the NISA
 * choices are disabled with the reason and a link to the NISA screen; once NISA is open a cash buy
 * defaults to NISA成長 with the room left, a margin side refuses NISA, the confirm sheet names the
 * account; a stock held in 特定 and NISA is sold from the account chosen; 保有証券, the positions and
 * the records show the badge. With KABUTO_SHOTS=<dir> each state is saved in Japanese and English.
 */
const screen = (page: Page) => page.locator('.page:visible');
const CODE = '7203';
let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });

test.describe.configure({ mode: 'serial' });
test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
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

/** A user verified with a My Number card, ¥5,000,000 granted, signed in. */
async function user(page: Page, request: APIRequestContext) {
  const phone = newPhone();
  const token = await registerUser(request, phone, 'nisa-ticket-1');
  const { id } = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  const first11 = phone.replace(/\D/g, '').padStart(11, '1').slice(-11);
  const [front, back] = [await upload(request, token, 'kyc_front', 1), await upload(request, token, 'kyc_back', 2)];
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'my_number', documentNumber: first11 + myNumberCheckDigit(first11), frontUploadId: front, backUploadId: back },
  });
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: 'マイナンバーカードを確認しました' } });
  await ok(request, 'post', `admin/users/${id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: nisa ticket' } });
  await loginThroughUi(page, phone, 'nisa-ticket-1');
  return { token, id };
}

async function openNisa(request: APIRequestContext, token: string, id: string) {
  await ok(request, 'post', 'tax-account/nisa', { token, body: { declaration: true } });
  const queue = await ok<{ items: { id: string; userId: string }[] }>(request, 'get', 'admin/nisa/applications?status=pending&limit=100', { token: admin });
  const app = queue.items.find((i) => i.userId === id);
  expect(app).toBeTruthy();
  await ok(request, 'post', `admin/nisa/applications/${app!.id}/decide`, { token: admin, body: { decision: 'approved', reason: '税務署の確認が済みました' } });
}

/** `target` in ja and en (the language switched in storage, the page reloaded, `ready` awaited). */
async function shot(page: Page, name: string, target: (p: Page) => Locator, ready: (p: Page) => Promise<void>) {
  const dir = process.env.KABUTO_SHOTS;
  for (const [lang, suffix] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await ready(page);
    if (dir) await target(page).screenshot({ path: `${dir}/${name}-${suffix}.png` });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
  await page.reload();
  await ready(page);
}

const ticket = (p: Page) => screen(p).locator('.ticket');
const choice = (p: Page) => ticket(p).getByTestId('account-choice');
const previewShown = async (p: Page) => {
  await expect(choice(p)).toBeVisible();
  await expect(ticket(p).locator('.preview')).not.toContainText('—', { timeout: 15_000 });
};

test('預り区分 on the ticket, the sale and the holding lines', async ({ page, request }) => {
  test.setTimeout(180_000);
  const { token, id } = await user(page, request);

  // No NISA yet: NISA成長 / つみたて disabled, the reason with a link to the NISA screen; 特定 chosen.
  await page.goto(`/#/trade/index?code=${CODE}&direction=up`);
  await expect(choice(page).locator('[data-refusal="nisa_closed"]').getByRole('link')).toHaveAttribute('href', /information\/nisa/);
  await expect(choice(page).locator('[data-account="nisa_growth"]')).toBeDisabled();
  await shot(page, 'ticket-no-nisa', ticket, previewShown);

  await openNisa(request, token, id);
  const specific = await api(request, 'post', 'trade/orders', { token, key: true, body: { code: CODE, direction: 'up', type: 'market', lots: 1, leverage: 1, account: 'specific' } });
  const nisa = await api(request, 'post', 'trade/orders', { token, key: true, body: { code: CODE, direction: 'up', type: 'market', lots: 2, leverage: 1, account: 'nisa_growth' } });
  console.log('buys:', specific.status, specific.body.msg, nisa.status, nisa.body.msg);

  // NISA open: a cash buy defaults to NISA成長 with the room left; つみたて disabled (no designated funds).
  await page.reload();
  await expect(choice(page).locator('[data-account="nisa_growth"]')).toBeEnabled();
  await shot(page, 'ticket-nisa', ticket, async (p) => {
    await previewShown(p);
    await expect(ticket(p).getByTestId('nisa-room')).toBeVisible();
  });

  // The confirm sheet names the account.
  await ticket(page).getByRole('button', { name: '買い注文の内容を確認' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-account')).toBeVisible();
  if (process.env.KABUTO_SHOTS) await dialog.screenshot({ path: `${process.env.KABUTO_SHOTS}/ticket-confirm-ja.png` });
  await dialog.getByRole('button', { name: 'キャンセル' }).click();

  // A margin side: NISA refused (信用取引はNISAでは取引できません).
  await shot(page, 'ticket-margin', ticket, async (p) => {
    await ticket(p).getByRole('radio', { name: /信用新規買|Margin buy/ }).click();
    await expect(choice(p).locator('[data-refusal="nisa_margin"]')).toBeVisible();
  });

  // 現物売 of a stock held in 特定 and NISA: which account's shares.
  await page.goto(`/#/trade/index?code=${CODE}&direction=down`);
  await shot(page, 'ticket-sell', ticket, async (p) => {
    await expect(ticket(p).getByTestId('sell-account')).toBeVisible({ timeout: 15_000 });
  });
  await ticket(page).getByTestId('sell-account').locator('button[data-account="nisa_growth"]').click();
  await expect(ticket(page).getByTestId('holding')).toContainText('200');

  // 保有証券: one row per stock and account, each with its badge.
  await page.goto('/#/trade/index');
  await shot(page, 'holdings', (p) => screen(p).getByTestId('holdings-stocks'), async (p) => {
    await expect(screen(p).getByTestId('holdings-stocks').locator('.account-badge').first()).toBeVisible({ timeout: 15_000 });
  });

  // The badges in dark mode (global.css tokens).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(screen(page).getByTestId('holdings-stocks').locator('.account-badge').first()).toBeVisible({ timeout: 15_000 });
  if (process.env.KABUTO_SHOTS) await screen(page).getByTestId('holdings-stocks').screenshot({ path: `${process.env.KABUTO_SHOTS}/holdings-dark-ja.png` });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.goto('/#/information/fundRecord?type=trade');
  await shot(page, 'records', (p) => screen(p), async (p) => {
    await expect(screen(p).locator('.record').first()).toBeVisible({ timeout: 15_000 });
  });
});
