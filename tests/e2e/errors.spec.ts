import { expect, test } from '@playwright/test';
import { api, apiLogin, newPhone, registerUser, toast } from './helpers';
import { UNAUTHORIZED_REDIRECT_MS } from '../../src/app/api/client';

test('a wrong password shows the translated toast (Japanese, then English)', async ({ page, request }) => {
  const phone = newPhone();
  await registerUser(request, phone, 'right-pass-123');

  await page.goto('/#/login/login');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill('wrong-pass-999');
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(toast(page)).toHaveText('電話番号またはパスワードが正しくありません');
  await expect(page).toHaveURL(/#\/login\/login/);
  // 2 s toast
  await expect(toast(page)).toHaveCount(0, { timeout: 4000 });

  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.locator('input[type="tel"]').fill(phone);
  await page.locator('input[autocomplete="current-password"]').fill('wrong-pass-999');
  await page.locator('form button[type="submit"]').click();
  await expect(toast(page)).toBeVisible();
  const english = (await toast(page).textContent()) ?? '';
  expect(english).not.toBe('電話番号またはパスワードが正しくありません');
  expect(english).toMatch(/[A-Za-z]/);
  expect(english).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
});

test('a session revoked on the server leads to the login page after 2 s', async ({ page, request }) => {
  const phone = newPhone();
  const password = 'first-pass-123';
  await registerUser(request, phone, password);

  // The browser's own session.
  await page.goto('/#/login/login');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
  await page.goto('/#/information/index');
  await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));

  // Elsewhere, the user changes the password: every other session (the browser's) is revoked.
  const other = await apiLogin(request, phone, password);
  const changed = await api(request, 'post', 'user/password', {
    token: other,
    body: { oldPassword: password, password: 'second-pass-456', password2: 'second-pass-456' },
  });
  expect(changed.status).toBe(200);

  // The next request of the app gets a 401: toast at once, storage cleared, login page 2 s later.
  await page.reload();
  await expect(toast(page)).toBeVisible();
  const toastAt = Date.now();
  expect(await toast(page).textContent()).not.toBe('');
  expect(await page.evaluate(() => localStorage.getItem('account'))).toBeNull();
  await expect(page).toHaveURL(/#\/information\/index/);
  await expect(page).toHaveURL(/#\/login\/login/, { timeout: UNAUTHORIZED_REDIRECT_MS + 5000 });
  expect(Date.now() - toastAt).toBeGreaterThanOrEqual(UNAUTHORIZED_REDIRECT_MS - 500);
});
