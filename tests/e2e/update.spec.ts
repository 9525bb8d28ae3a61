import { expect, test } from '@playwright/test';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The update prompt after the prerendered shell (docs/decisions/020-first-load-and-prerender.md):
 * a new service worker on the server waits, the app says 「新しいバージョンがあります」, and 更新
 * reloads the page into it. The "new version" is the served sw.js with one more byte-different line
 * (the build being under test stays as it is otherwise; the file is restored after).
 */
test('a new version waits, the prompt offers it, 更新 reloads into it', async ({ page }) => {
  const swFile = join(resolve(process.env.KABUTO_E2E_DIST || 'dist'), 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  try {
    await page.goto('/#/login/login');
    // The prerendered shell is replaced by the app.
    await expect(page.locator('[data-prerender]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.locator('.update-prompt')).toHaveCount(0);

    appendFileSync(swFile, `\n// e2e: a new version ${Date.now()}\n`);
    // The app checks for a new version when the page becomes visible again; ask directly here.
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.locator('.update-prompt');
    await expect(prompt).toContainText('新しいバージョンがあります');

    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: '更新' }).click()]);
    await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();
    await expect(page.locator('.update-prompt')).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.waiting === null && r.active !== null))).toBe(true);
  } finally {
    writeFileSync(swFile, original);
  }
});
