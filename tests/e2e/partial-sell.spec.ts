import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, registerUser, reloadWithStream, shots, toast } from './helpers';
import { adminToken } from './admin-passkey';
import { formatPriceYen } from '../../src/shared/money';

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
