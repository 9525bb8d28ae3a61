import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { expectCookieSession, loginThroughUi, newPhone, sessionCookie, storedToken, toast } from './helpers';

// The kept-alive tab screens stay mounted (hidden): only the visible screen's title counts.
const TITLE = '.topbar__title:visible';

test('register with an invitation code → login → four languages → change password → logout', async ({ page }) => {
  const phone = newPhone();
  const password = 'first-pass-123';
  const newPassword = 'second-pass-456';

  // Register (the server signs the new user in).
  await page.goto('/#/login/register');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByLabel('パスワード（確認）').fill(password);
  await page.getByLabel('招待コード').fill(E2E_ADMIN.invite);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
  // The session is the httpOnly cookie; localStorage keeps only the account hint.
  await expectCookieSession(page);
  expect(await page.evaluate(() => localStorage.getItem('account'))).toBe(phone);

  // Login with the same credentials: a new session in the cookie, still out of the page's reach.
  const registered = (await sessionCookie(page))!.value;
  await loginThroughUi(page, phone, password);
  await expectCookieSession(page);
  expect((await sessionCookie(page))!.value).not.toBe(registered);

  // The four languages: the texts change, <html lang> follows, a reload keeps the choice.
  await page.goto('/#/information/changeLang');
  const title = page.locator(TITLE);
  await expect(title).toHaveText('言語');
  const seen = new Set<string>(['言語']);
  const languages = [
    { name: 'English', lang: 'en', stored: 'en', script: /[A-Za-z]/ },
    { name: '繁體中文', lang: 'zh-Hant', stored: 'tw', script: /[\u4e00-\u9fff]/ },
    { name: '한국어', lang: 'ko', stored: 'ko', script: /[\uac00-\ud7af]/ },
  ];
  for (const l of languages) {
    await page.getByRole('radio', { name: l.name }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(page.getByRole('radio', { name: l.name })).toHaveAttribute('aria-checked', 'true');
    await expect(title).toHaveText(l.script);
    const text = (await title.textContent()) ?? '';
    expect(seen.has(text), `title "${text}" should differ from the other languages`).toBe(false);
    seen.add(text);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(l.stored);

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', l.lang);
    await expect(title).toHaveText(text);
  }
  await page.getByRole('radio', { name: '日本語' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(title).toHaveText('言語');

  // Change the login password.
  await page.goto('/#/information/loginPass');
  await page.getByLabel('現在のパスワード').fill(password);
  await page.getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
  await page.getByLabel('新しいパスワード（確認）').fill(newPassword);
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(toast(page)).toHaveText('ログインパスワードを変更しました');

  // Logout: confirm, toast, login page, storage cleared (the language stays).
  await page.goto('/#/information/setting');
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
  await expect(toast(page)).toHaveText('ログアウトしました');
  await expect(page).toHaveURL(/#\/login\/login/);
  expect(await storedToken(page)).toBeNull();
  expect(await sessionCookie(page)).toBeNull(); // logout's answer cleared it
  expect(await page.evaluate(() => localStorage.getItem('account'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('jp');

  // The old password no longer works; the new one does.
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(toast(page)).toHaveText('電話番号またはパスワードが正しくありません');
  await loginThroughUi(page, phone, newPassword);
});
