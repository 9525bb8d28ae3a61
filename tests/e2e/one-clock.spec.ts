import { expect, test, type APIRequestContext } from '@playwright/test';
import { ok, shots } from './helpers';
import { adminToken, E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';

/**
 * One clock (docs/decisions/023-one-clock.md): the back office's IPO and block-offer forms take
 * their default dates from the server's market clock, not the browser's. The server's clock is
 * pinned days away from this browser's (POST test/clock), so a default taken from `Date.now()`
 * would show. The back office takes passkey sessions only: this file talks to `localhost`.
 */
test.use({ baseURL: E2E_LOCAL_BASE });

const MARKET_NOW = '2026-12-09T10:15:00+09:00'; // a Wednesday morning in Tokyo
const setClock = (request: APIRequestContext, token: string, at: string | null) => ok(request, 'post', 'test/clock', { token, body: { at } });

test('the admin IPO and block-offer forms default to the market clock’s now', async ({ page, request }) => {
  const admin = await adminToken(request);
  await setClock(request, admin, MARKET_NOW);
  try {
    await signInAdminThroughUi(page, request);
    await page.goto('/#/admin/ipo');
    await expect(page.locator('input[name="from"]')).toHaveValue('2026-12-09T10:15');
    await expect(page.locator('input[name="to"]')).toHaveValue('2026-12-12T10:15');
    await expect(page.locator('input[name="drawAt"]')).toHaveValue('2026-12-13T10:15');
    await expect(page.locator('input[name="listingDate"]')).toHaveValue('2026-12-17');
    await shots(page, 'one-clock-admin-ipo');

    await page.goto('/#/admin/block');
    await page.getByLabel('銘柄コード', { exact: true }).fill('7203');
    await page.getByRole('button', { name: '価格帯を確認' }).click();
    const window = page.locator('input[type="datetime-local"]');
    await expect(window.first()).toHaveValue('2026-12-09T10:15');
    await expect(window.nth(1)).toHaveValue('2026-12-11T10:15');
  } finally {
    await setClock(request, admin, null);
  }
});
