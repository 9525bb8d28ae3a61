import { expect, test, type Page } from '@playwright/test';
import { api, loginThroughUi, newPhone, persisted, registerUser, reloadWithStream, shots } from './helpers';

/**
 * Watchlist groups (docs/domain.md "Watchlist groups") on a phone: create a group on the
 * favorites screen, put a stock into it with a long press on the star, see it under the group's
 * tab (and not in the default list), then read the groups offline after a reload.
 * Locators avoid the new texts' wording where a test id or the user's own data will do.
 */
const screen = (page: Page) => page.locator('.page:visible');

test('create a group, long-press the star to add a stock to it, read it offline', async ({ page, context, request }) => {
  const phone = newPhone();
  const token = await registerUser(request, phone, 'groups-pass-3');
  await loginThroughUi(page, phone, 'groups-pass-3');

  // --- a new group from the favorites screen ---
  await page.goto('/#/favorite/index');
  await screen(page).getByTestId('group-add').click();
  await page.getByTestId('group-name').fill('  半導体 ');
  await page.locator('.dialog__btn--primary').click();
  const tabs = screen(page).getByRole('tablist').filter({ has: page.getByRole('tab', { name: '半導体' }) });
  await expect(tabs.getByRole('tab', { name: '半導体' })).toHaveAttribute('aria-selected', 'true');
  const groups = async () => (await api<{ groups: { id: string; name: string | null; codes: string[] }[] }>(request, 'get', 'watchlist/groups', { token })).body.data.groups;
  expect((await groups()).map((g) => g.name)).toEqual([null, '半導体']);

  // --- a long press on the star opens the group picker; tick the group ---
  await page.goto('/#/market/stockDetail?code=8035');
  const star = page.getByTestId('watch-star');
  await expect(star).toBeVisible();
  const box = (await star.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Held until the press has opened the picker (the page's own LONG_PRESS_MS), not for a fixed time
  // that a loaded host may not fit the page's timer into.
  const picker = page.getByTestId('group-picker');
  await expect(picker).toBeVisible();
  await page.mouse.up();
  await expect(picker).toBeVisible();
  // The long press did not toggle the default list.
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await picker.locator('label', { hasText: '半導体' }).click();
  await expect(picker.locator('label', { hasText: '半導体' }).locator('input')).toBeChecked();
  await expect.poll(async () => (await groups())[1]?.codes).toEqual(['8035']);
  expect((await groups())[0]?.codes).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);

  // --- the group's tab lists it; the default list does not ---
  await page.goto('/#/favorite/index');
  await screen(page).getByRole('tab', { name: '半導体' }).click();
  await expect(screen(page).locator('[data-testid="watch-row"] .qrow[data-code="8035"]')).toBeVisible();
  await screen(page).getByRole('tab').first().click();
  await expect(screen(page).locator('[data-testid="watch-row"]')).toHaveCount(0);

  // --- a second group, moved before the first in edit mode (the default group stays first) ---
  await screen(page).getByTestId('group-add').click();
  await page.getByTestId('group-name').fill('高配当');
  await page.locator('.dialog__btn--primary').click();
  await expect(screen(page).getByRole('tab', { name: '高配当' })).toHaveAttribute('aria-selected', 'true');
  await screen(page).locator('.wlist-tools button[aria-pressed]').click();
  await screen(page).locator('.wgroup-tools button', { hasText: '◀' }).click();
  await expect.poll(async () => (await groups()).map((g) => g.name)).toEqual([null, '高配当', '半導体']);
  await expect(screen(page).getByRole('tab')).toHaveText(['お気に入り', '高配当', '半導体']);
  await screen(page).getByRole('tab', { name: '半導体' }).click();

  // --- offline after a reload: the groups come from the persisted cache ---
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => persisted(page, '["watchlist","groups"]'), { timeout: 15_000 }).toBe(true);
  // The cache written after the group got its stock (the persister writes shortly after a change).
  await expect.poll(() => persisted(page, '"codes":["8035"]'), { timeout: 15_000 }).toBe(true);
  await shots(page, 'favorite', reloadWithStream);
  await context.setOffline(true);
  try {
    await page.reload();
    await screen(page).getByRole('tab', { name: '半導体' }).click();
    await expect(screen(page).locator('[data-testid="watch-row"] .qrow[data-code="8035"]')).toBeVisible();
    await expect(screen(page).getByTestId('watchlist-asof')).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
