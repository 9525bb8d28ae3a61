import { expect, test } from '@playwright/test';
import { expectCookieSession, loginThroughUi, newPhone, registerUser, sessionCookie, toast } from './helpers';

/**
 * Passkeys (docs/decisions/008-passkeys.md) with Chromium's virtual authenticator (CDP WebAuthn):
 * register one in settings, sign out, sign in with it; then a password change asks for it (step-up).
 * WebAuthn refuses IP addresses as RP IDs, so this file talks to the server as `localhost`.
 */
test.use({ baseURL: `http://localhost:${process.env.KABUTO_E2E_PORT}` });

test('register a passkey in settings → sign out → sign in with it → step-up on password change', async ({ page, request }) => {
  const phone = newPhone();
  const password = 'Kb-passkey-7319!';
  await registerUser(request, phone, password);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await loginThroughUi(page, phone, password);

  // Register in settings.
  await page.goto('/#/information/setting');
  const section = page.locator('section.passkeys');
  await expect(section.getByText('パスキーを登録すると')).toBeVisible();
  await section.getByRole('button', { name: 'パスキーを登録' }).click();
  await expect(toast(page)).toHaveText('パスキーを登録しました');
  await expect(section.locator('.passkey-row')).toHaveCount(1);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);
  expect(credentials[0]!.rpId).toBe('localhost');

  // Sign out.
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/#\/login\/login/);
  expect(await sessionCookie(page)).toBeNull();

  // Sign in with the passkey: no phone, no password; the session is the cookie again.
  await page.getByRole('button', { name: 'パスキーでログイン' }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
  await expectCookieSession(page);

  // A high-risk command now asks for the passkey (the virtual authenticator answers) and succeeds.
  const newPassword = 'Kb-passkey-8426?';
  await page.goto('/#/information/loginPass');
  await page.getByLabel('現在のパスワード').fill(password);
  await page.getByLabel('新しいパスワード', { exact: true }).fill(newPassword);
  await page.getByLabel('新しいパスワード（確認）').fill(newPassword);
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(toast(page)).toHaveText('ログインパスワードを変更しました');
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThanOrEqual(2);
});
