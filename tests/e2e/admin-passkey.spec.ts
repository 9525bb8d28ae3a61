import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { E2E_ADMIN } from './env';
import { loginThroughUi, newPhone, registerUser, shots, toast } from './helpers';
import { E2E_LOCAL_BASE } from './admin-passkey';
import { e2eServers, startE2eServer } from './global-setup';

/**
 * Phishing-resistant sign-in (docs/decisions/008-passkeys.md, "Follow-up: passkey login as a setting,
 * and for staff"), with Chromium's virtual authenticator (CDP WebAuthn). WebAuthn refuses IP
 * addresses as RP IDs: these browsers talk to the servers as `localhost`.
 */

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** An admin endpoint called from the page, with its session (the httpOnly cookie). */
const adminUsers = (page: Page) =>
  page.evaluate(async () => {
    const r = await fetch('/api/vue/admin/users', { headers: { 'X-Kabuto': '1' } });
    return { status: r.status, msg: ((await r.json()) as { msg: string }).msg };
  });

// A fresh install's server must not outlive a timed-out test (its `finally` waits for the stuck step).
test.afterAll(() => e2eServers.killAll());

function freePort(): Promise<string> {
  return new Promise((resolvePort, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolvePort(String(port)));
    });
  });
}

test('an admin without a passkey cannot open the back office: /admin shows the first setup; a passkey registered and signed in with opens it', async ({
  browser,
}) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 300_000 : 180_000);
  // A fresh install of its own, as after `npm start`: the seeded admin has no passkey yet.
  const port = await freePort();
  const server = await startE2eServer(port, resolve(process.env.KABUTO_E2E_DIST || 'dist'));
  const context = await browser.newContext({ baseURL: `http://localhost:${port}` });
  try {
    const page = await context.newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);

    // The password signs the admin in (a user's session), and the way to the back office is there…
    await loginThroughUi(page, E2E_ADMIN.phone, E2E_ADMIN.password);
    await page.goto('/#/information/index');
    await page.getByRole('link', { name: '管理画面' }).click();
    await expect(page).toHaveURL(/#\/admin\/users/);
    // …but it shows the first setup, not the back office: no menu, and the server refuses the session.
    const setup = page.getByTestId('admin-passkey-setup');
    await expect(setup).toBeVisible();
    await expect(page.getByText('管理画面は、パスキーでログインしたときだけ開きます。', { exact: false })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '管理メニュー' })).toHaveCount(0);
    expect(await adminUsers(page)).toEqual({ status: 403, msg: 'admin_passkey_required' });
    await expect(setup.getByRole('button', { name: 'パスキーでログイン' })).toBeDisabled();
    await shots(page, 'admin-passkey-setup');

    // Step 1: a passkey, registered on the password session.
    await setup.getByRole('button', { name: 'パスキーを登録' }).click();
    await expect(toast(page)).toHaveText('パスキーを登録しました');
    await expect(setup.getByText('登録済みです。')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.rpId).toBe('localhost');
    // Registering does not open the back office: the session is still the password's.
    await expect(page.getByRole('navigation', { name: '管理メニュー' })).toHaveCount(0);
    expect(await adminUsers(page)).toEqual({ status: 403, msg: 'admin_passkey_required' });
    await shots(page, 'admin-passkey-setup-registered');

    // Step 2: signing in again with the passkey opens it.
    await setup.getByRole('button', { name: 'パスキーでログイン' }).click();
    await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeVisible();
    await expect(setup).toHaveCount(0);
    await expect(page).toHaveURL(/#\/admin\/users/);
    expect((await adminUsers(page)).status).toBe(200);
    // The passkey session lasts: a reload keeps the back office open.
    await page.reload();
    await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a user who requires a passkey at sign-in: the setting, then the password alone is refused and leads to the passkey', async ({ browser, request }) => {
  test.setTimeout(process.env.KABUTO_SHOTS ? 240_000 : 120_000);
  const phone = newPhone();
  const password = 'Kb-require-6142!';
  await registerUser(request, phone, password);
  const context = await browser.newContext({ baseURL: E2E_LOCAL_BASE });
  try {
    const page = await context.newPage();
    await virtualAuthenticator(page);
    await loginThroughUi(page, phone, password);

    // The setting waits for a passkey; with one registered, turning it on asks for it (the virtual authenticator answers).
    await page.goto('/#/information/setting');
    const section = page.locator('section.passkeys');
    const setting = section.getByRole('switch', { name: /ログインにパスキーを必須にする/ });
    await expect(setting).toBeDisabled();
    await section.getByRole('button', { name: 'パスキーを登録' }).click();
    await expect(toast(page)).toHaveText('パスキーを登録しました');
    await expect(setting).toBeEnabled();
    // The switch follows the server: it flips once the change is stored (a click, not check()).
    await setting.click();
    await expect(toast(page)).toHaveText('ログインにパスキーが必要になりました');
    await expect(setting).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await shots(page, 'passkey-required-setting');

    // Signed out, the right password alone is refused with the way on…
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/#\/login\/login/);
    for (const [lang, suffix] of process.env.KABUTO_SHOTS ? ([['en', 'en'], ['jp', 'ja']] as const) : ([['jp', 'ja']] as const)) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      await page.reload();
      await page.locator('input[type=tel]').fill(phone);
      await page.locator('input[autocomplete=current-password]').fill(password);
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('.passkey-required')).toBeVisible();
      if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/passkey-login-required-${suffix}.png`, fullPage: true });
    }
    await expect(page.locator('.passkey-required')).toContainText('パスワードだけではログインできません');
    await expect(page).toHaveURL(/#\/login\/login/);

    // …which is the passkey.
    await page.locator('.passkey-required').getByRole('button', { name: 'パスキーでログイン' }).click();
    await expect(page).toHaveURL(/#\/home\/index/);
  } finally {
    await context.close();
  }
});
