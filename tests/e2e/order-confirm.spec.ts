import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, registerUser, toast } from './helpers';
import { adminToken } from './admin-passkey';
import { formatMoney, formatPriceYen } from '../../src/shared/money';
import { roundToTick, type TickTable } from '../../src/shared/market/tick';

/**
 * Issue 35 item 3 "Must show": the IFDOCO confirm sheet lists the first order and both exit legs
 * and the amount the order will really reserve — GET trade/preview answers it with the order
 * command's own function — and after 注文する the account holds exactly that; the 注文中 list names
 * the order IFDOCO with its price (never "指値 成行"). Screenshots in ja and en (KABUTO_SHOTS).
 * 2026-11-27 (Friday) 10:00 is continuous trading.
 */

const AT = '2026-11-27T10:00:00+09:00';
const PASSWORD = 'order-confirm-pass-1';
const CODE = '7203';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');

interface Quote {
  instrument: { tickTable: TickTable | null };
  quote: { price: number; priceScale: number };
}
interface Preview {
  reserve: number;
  waits: boolean;
  buyingPower: number;
  contractValue: number;
  fee: number;
}

const TEXTS = {
  ja: { limit: '指値', review: '買い注文の内容を確認', place: '注文する' },
  en: { limit: 'Limit', review: 'Review buy order', place: 'Place order' },
} as const;

/** A price typed as the ticket shows it (¥2,345.5 → "2345.5"). */
const typed = (price: number, scale: number) => (price / scale).toFixed(Math.round(Math.log10(scale)));

async function fundedUser(request: APIRequestContext): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, {
    token: admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: order confirm sheet' },
  });
  return { phone, token };
}

/** A buy limit 1% under the price (it waits), then IFDOCO with the legs the ticket proposes; opens the confirm sheet. */
async function openIfdocoConfirm(page: Page, lang: keyof typeof TEXTS, entry: number, scale: number) {
  const x = TEXTS[lang];
  await page.evaluate((l) => localStorage.setItem('language', l), lang === 'ja' ? 'jp' : 'en');
  await page.goto(`/#/trade/index?code=${CODE}&direction=up`);
  await page.reload();
  const ticket = screen(page).locator('.ticket');
  await ticket.getByRole('radio', { name: x.limit, exact: true }).click();
  const limit = ticket.getByRole('textbox', { name: x.limit, exact: true });
  await limit.fill(typed(entry, scale));
  await limit.press('Enter');
  await ticket.getByRole('radio', { name: 'IFDOCO', exact: true }).click();
  await ticket.getByRole('button', { name: x.review }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-reserve')).toBeVisible();
  return dialog;
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, AT);
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('IFDOCO buy: the confirm sheet shows both exit legs and the reservation the account then holds', async ({ page, request }) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 180_000 : 90_000);
  const user = await fundedUser(request);
  const q = await ok<Quote>(request, 'get', `market/quote/${CODE}`);
  const scale = q.quote.priceScale;
  const entry = roundToTick(q.quote.price * 0.99, q.instrument.tickTable ?? 'other', 'down');
  const preview = await ok<Preview>(request, 'get', `trade/preview?code=${CODE}&direction=up&type=limit&price=${entry}&lots=1&leverage=1`, { token: user.token });
  expect(preview.waits).toBe(true);

  await loginThroughUi(page, user.phone, PASSWORD);
  if (process.env.KABUTO_SHOTS) {
    const en = await openIfdocoConfirm(page, 'en', entry, scale);
    await expect(en.getByTestId('confirm-leg-kind')).toHaveText('IFDOCO');
    await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/order-confirm-ifdoco-en.png` });
  }
  const dialog = await openIfdocoConfirm(page, 'ja', entry, scale);
  await expect(dialog.getByTestId('confirm-leg-kind')).toHaveText('IFDOCO');
  await expect(dialog.getByTestId('confirm-leg-entry')).toHaveText(`指値 ${formatPriceYen(entry, scale)}`);
  await expect(dialog.getByTestId('confirm-leg-then-take')).toContainText('¥');
  await expect(dialog.getByTestId('confirm-leg-then-loss')).toContainText('で発動 → 成行');
  await expect(dialog.getByTestId('confirm-reserve')).toHaveText(formatMoney(preview.reserve));
  await expect(dialog.getByTestId('confirm-left')).toHaveText(formatMoney(preview.buyingPower - preview.reserve));
  if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/order-confirm-ifdoco-ja.png` });
  await dialog.getByRole('button', { name: TEXTS.ja.place }).click();
  await expect(toast(page)).toHaveText('注文を受け付けました（約定待ち）');

  // What the account holds is what the sheet said.
  const pending = (await ok<{ items: { id: string; reserved: number }[] }>(request, 'get', 'trade/positions?status=pending', { token: user.token })).items;
  expect(pending).toHaveLength(1);
  expect(pending[0]!.reserved).toBe(preview.reserve);
  const funds = await ok<{ frozen: number }>(request, 'get', 'funds/summary', { token: user.token });
  expect(funds.frozen).toBe(preview.reserve);

  // The 注文中 list names it IFDOCO with its price; its detail is 注文詳細 without a 証拠金 line.
  const row = screen(page).locator(`.pos[data-status="pending"]`).first();
  await expect(row.getByTestId('pending-order-label')).toHaveText(`IFDOCO 指値 ${formatPriceYen(entry, scale)}`);
  await expect(row).toContainText(formatMoney(preview.reserve));
  if (process.env.KABUTO_SHOTS) await row.screenshot({ path: `${process.env.KABUTO_SHOTS}/order-confirm-pending-row-ja.png` });
  await page.goto(`/#/trade/positionDetail?id=${pending[0]!.id}`);
  await expect(screen(page).locator('.topbar__title')).toHaveText('注文詳細');
  await expect(screen(page).locator('.info-list')).not.toContainText('証拠金');
  // Its 注文種別 names it IFDOCO before the entry order (the OCO close has its own row below).
  await expect(screen(page).getByTestId('order-kind')).toHaveText(`IFDOCO 指値 ${formatPriceYen(entry, scale)}`);
  if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/order-confirm-detail-ja.png`, fullPage: true });
});
