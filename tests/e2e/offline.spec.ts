import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, persisted, registerUser } from './helpers';

/** Whether IndexedDB holds a persisted query cache that contains the user info. */
const userInfoPersisted = (page: Page) => persisted(page, '"info"');

test('after one visit, /#/information/index reloads offline from the service worker and the persisted cache', async ({
  page,
  context,
  request,
}) => {
  const phone = newPhone();
  await registerUser(request, phone, 'offline-pass-1');
  await loginThroughUi(page, phone, 'offline-pass-1');
  await page.goto('/#/information/index');
  await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));

  // The service worker is active (everything precached) and the cache is in IndexedDB.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
  await expect.poll(() => userInfoPersisted(page), { timeout: 10_000 }).toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));
    await expect(page.locator('.offline-banner')).toContainText('オフライン');
    // The age of what is shown ("… 分前のデータ" or "… 秒前のデータ").
    await expect(page.locator('.offline-banner')).toContainText('前のデータ');
  } finally {
    await context.setOffline(false);
  }
});
