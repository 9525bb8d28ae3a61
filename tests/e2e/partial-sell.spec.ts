import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, registerUser, reloadWithStream, shots, toast } from './helpers';
import { adminToken } from './admin-passkey';
import { formatMoney, formatPriceYen } from '../../src/shared/money';

/**
 * Issue 35 item 1: selling part of a purchase from 保有証券. A purchase of 300 株 is sold 100 at a
 * time (any number of 単元); the holding keeps 200 at the same 平均取得単価 (総平均法,
 * docs/decisions/011-selling-a-holding.md). The server's clock is set (KABUTO_TEST_CONTROL);
 * 2026-11-27 (Friday) is a trading day.
 */

const jst = (hm: string) => `2026-11-27T${hm}:00+09:00`;
const PASSWORD = 'partial-sell-pass-1';
let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');

interface Holdings {
  stocks: { code: string; shares: number; cost: number; averageCost: number; priceScale: number }[];
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'sellAfterDays', value: 0, reason: 'e2e: same-day selling (the default)' } });
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('保有証券 → 売る sells 100 of a 300-share purchase; 200 stay at the same 平均取得単価', async ({ page, request }) => {
  // Two screens in two languages on top of the sale: the screenshots' reloads take their time.
  test.slow();
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: partial sell' } });
  await setClock(request, jst('09:30'));
  await ok(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 3, leverage: 1 } });
  await setClock(request, jst('11:00'));
  const before = (await ok<Holdings>(request, 'get', 'trade/holdings', { token })).stocks.find((s) => s.code === '7203')!;
  expect(before.shares).toBe(300);

  await loginThroughUi(page, phone, PASSWORD);
  await page.goto('/#/trade/index');
  const row = screen(page).locator('[data-testid="holdings-stocks"] .holding[data-code="7203"]');
  await expect(row).toContainText('300株');
  await row.getByRole('button', { name: '売る' }).click();

  const ticket = screen(page).locator('.ticket');
  await expect(ticket.getByRole('radio', { name: '現物売', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(ticket.getByTestId('holding')).toContainText(formatPriceYen(before.averageCost, before.priceScale));
  // Any number of 単元: the stepper starts at one 単元 and goes up one at a time.
  const shares = ticket.getByRole('textbox', { name: '売却株数', exact: true });
  await expect(shares).toHaveValue('100');
  await ticket.getByRole('button', { name: /全株/ }).click();
  await expect(shares).toHaveValue('300');
  await ticket.getByRole('button', { name: '売却株数を減らす' }).click();
  await expect(shares).toHaveValue('200');
  await shares.fill('150');
  await shares.blur();
  await expect(shares).toHaveValue('200'); // off the 単元 grid: refused, the count stays
  await shares.fill('100');
  await shares.blur();
  await expect(shares).toHaveValue('100');
  await expect(ticket.getByTestId('sell-cost')).not.toHaveText('—');
  await shots(page, 'partial-sell-ticket', reloadWithStream);
  await expect(shares).toHaveValue('100');

  await ticket.getByRole('button', { name: '売り注文の内容を確認' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '売却する' }).click();
  await expect(toast(page)).toHaveText('売却しました');

  const after = (await ok<Holdings>(request, 'get', 'trade/holdings', { token })).stocks.find((s) => s.code === '7203')!;
  expect(after.shares).toBe(200);
  // The rest keeps the average: the same 平均取得単価 (the 取得費 is rounded up to the yen, so at most one price unit apart).
  expect(Math.abs(after.averageCost - before.averageCost)).toBeLessThanOrEqual(1);
  await page.goto('/#/trade/index');
  await expect(row).toContainText('200株');
  await expect(row).toContainText(formatPriceYen(after.averageCost, after.priceScale));
  await shots(page, 'partial-sell-holdings', reloadWithStream);
});

interface ClosePreview {
  price: number;
  saleCost: number | null;
  averageCost: number | null;
  closeFee: number;
  tax: number;
  netPnl: number;
}

test('建玉詳細 → 決済する of a cash purchase shows its 取得費 at the holding’s 平均取得単価 and the gain from it', async ({ page, request }) => {
  test.slow();
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: close dialog 取得費' } });
  // Two purchases at two moments: the second one's 取得費 is the holding's average, not its own cost.
  await setClock(request, jst('09:30'));
  await ok(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 3, leverage: 1 } });
  await setClock(request, jst('10:30'));
  const second = await ok<{ id: string }>(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 } });
  await setClock(request, jst('11:00'));
  const held = (await ok<Holdings>(request, 'get', 'trade/holdings', { token })).stocks.find((s) => s.code === '7203')!;
  expect(held.shares).toBe(400);
  const est = await ok<ClosePreview>(request, 'get', `trade/positions/${second.id}/close-preview`, { token });
  expect(est.averageCost).toBe(held.averageCost);

  await loginThroughUi(page, phone, PASSWORD);
  const open = async (lang: 'jp' | 'en', button: string) => {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto(`/#/trade/positionDetail?id=${second.id}`);
    await reloadWithStream(page);
    await screen(page).getByRole('button', { name: button, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('close-sale-cost')).toHaveText(formatMoney(est.saleCost!));
    return dialog;
  };
  if (process.env.KABUTO_SHOTS) {
    const en = await open('en', 'Close');
    await expect(en).toContainText(`average cost ${formatPriceYen(held.averageCost, held.priceScale)} × 100 shares`);
    await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/close-dialog-cash-en.png` });
  }
  const dialog = await open('jp', '決済する');
  await expect(dialog).toContainText(`取得費（平均取得単価 ${formatPriceYen(held.averageCost, held.priceScale)} × 100株）`);
  const proceeds = Math.floor((est.price * 100) / held.priceScale);
  await expect(dialog.getByTestId('close-proceeds')).toHaveText(formatMoney(proceeds));
  await expect(dialog.getByTestId('close-sale-gain')).toContainText(formatMoney(Math.abs(proceeds - est.saleCost!)));
  // Gain − fee − tax is the 純損益 the server answers (no interest on a cash holding).
  expect(proceeds - est.saleCost! - est.closeFee - est.tax).toBe(est.netPnl);
  await expect(dialog).not.toContainText('金利（累計）');
  if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/close-dialog-cash-ja.png` });
  await dialog.getByRole('button', { name: '戻る' }).click();
  // The detail names the order type as placed.
  await expect(screen(page).getByTestId('order-kind')).toHaveText('成行');
});
