import { createPrivateKey, createPublicKey } from 'node:crypto';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { E2E_ADMIN } from './env';
import { addressOf } from './helpers';

/**
 * The e2e admin's passkeys. The back office takes an admin's passkey session only (docs/decisions/
 * 008-passkeys.md, "Staff"), so tests that use it sign the admin in with a passkey, through the real
 * endpoints: the first use in a run takes the admin's first-setup path (password session → register
 * passkey A → sign in with A → add passkey B with a step-up).
 *
 * - A signs API sessions from this process (a software authenticator, tests/support/soft-authenticator.ts).
 *   Its key is fixed, so a test worker started later in the run (after a failure) still holds it; it
 *   signs a count of 0, as an authenticator without a counter does, so no two processes disagree.
 * - B is put into Chromium's virtual authenticator (CDP WebAuthn) of each back-office browser, which
 *   counts its own signatures: each browser starts B's count at the time in tenths of a second, so
 *   a later browser never presents a count below one the server has seen.
 *
 * WebAuthn refuses IP addresses as RP IDs, so passkeys live under `localhost`: a back-office page is
 * a context whose baseURL is E2E_LOCAL_BASE (newAdminPage does that).
 */
export const E2E_LOCAL_BASE = `http://localhost:${process.env.KABUTO_E2E_PORT}`;

/** Test-only P-256 keys (PKCS#8) and credential ids: they open the back office of an e2e server only. */
const KEYS = {
  api: {
    pkcs8: 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgVeyLzHZFzjYQrw6iX2Zk0tuufuy5Qm/hY6blDNUZzlWhRANCAAQv+wLDzlfqGOHG75QVKzMnxuisshrOYXegScShMZxM3fCjhz6Zk3opovjw7PFR8J3Dl6ShyNXnJzWBU5BmtLkx',
    id: 'rJXexTEvCf5F5Q8s5yHv_g',
  },
  browser: {
    pkcs8: 'MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgsJo9RYlpUEV+RYvo6AzK2ea1v3N0fR+SWA6YKLJl4nOhRANCAASWhJBsJsxFcdm3YqgvhJ/SXXqwDGsf/xZyCUh1v8u28V7XtED0WajdyLksJVszZZulz/onW55r3Lb3Hblijr8k',
    id: 'hYq9fkgnkSDz5bJRr7PJ7Q',
  },
} as const;
const keyOf = (k: { pkcs8: string }) => createPrivateKey({ key: Buffer.from(k.pkcs8, 'base64'), format: 'der', type: 'pkcs8' });

interface Envelope {
  status: number;
  msg: string;
  data: any;
}

/** A call to the server as `localhost` (the passkeys' RP ID), whatever the request context's baseURL. */
async function call(request: APIRequestContext, method: 'get' | 'post', path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': addressOf(E2E_ADMIN.phone), ...o.headers };
  if (o.token) headers.token = o.token;
  const res = await request.fetch(`${E2E_LOCAL_BASE}/api/vue/${path}`, {
    method: method.toUpperCase(),
    headers,
    data: o.body === undefined ? undefined : JSON.stringify(o.body),
  });
  return { status: res.status(), body: (await res.json()) as Envelope };
}

async function okData(request: APIRequestContext, method: 'get' | 'post', path: string, o: Parameters<typeof call>[3] = {}) {
  const r = await call(request, method, path, o);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

/** Passkey A, as this process's software authenticator holds it once the admin's id is known. */
let apiAuthenticator: SoftAuthenticator | null = null;
let setup: Promise<string> | null = null;

function authenticatorFor(adminId: string): SoftAuthenticator {
  apiAuthenticator ??= (() => {
    const auth = new SoftAuthenticator(E2E_LOCAL_BASE);
    const privateKey = keyOf(KEYS.api);
    auth.add({
      id: Buffer.from(KEYS.api.id, 'base64url'), privateKey, publicKey: createPublicKey(privateKey), userHandle: Buffer.from(adminId, 'utf8'),
      rpId: 'localhost', signCount: 0, counterless: true,
    });
    return auth;
  })();
  return apiAuthenticator;
}

async function signInWith(request: APIRequestContext, auth: SoftAuthenticator) {
  const opt = await okData(request, 'post', 'passkeys/login/options');
  return call(request, 'post', 'passkeys/login', { body: { challengeId: opt.challengeId, response: auth.get(opt.options) } });
}

/**
 * The admin's id, with passkeys A and B registered: the first time in a run this is the first-setup
 * path (a password session may register the first passkey; the second needs a step-up with it).
 */
function adminPasskeysReady(request: APIRequestContext): Promise<string> {
  setup ??= (async () => {
    const password = await okData(request, 'post', 'user/login', { body: { phone: E2E_ADMIN.phone, password: E2E_ADMIN.password } });
    const adminId = (await okData(request, 'get', 'user/info', { token: password.token })).id as string;
    const auth = authenticatorFor(adminId);
    const mine = (await okData(request, 'get', 'passkeys', { token: password.token })) as unknown[];
    if (mine.length === 0) {
      const opt = await okData(request, 'post', 'passkeys/register/options', { token: password.token });
      const response = new SoftAuthenticator(E2E_LOCAL_BASE).create(opt.options, { key: keyOf(KEYS.api), id: Buffer.from(KEYS.api.id, 'base64url') });
      await okData(request, 'post', 'passkeys/register', { token: password.token, body: { challengeId: opt.challengeId, response, name: 'e2e API' } });
    }
    const signed = await signInWith(request, auth);
    expect(signed.status, `the e2e admin's passkey A: ${JSON.stringify(signed.body)}`).toBe(200);
    if (mine.length < 2) {
      const token = signed.body.data.token as string;
      const vo = await okData(request, 'post', 'passkeys/verify/options', { token });
      const stepUp = await okData(request, 'post', 'passkeys/verify', { token, body: { challengeId: vo.challengeId, response: auth.get(vo.options) } });
      const opt = await okData(request, 'post', 'passkeys/register/options', { token, headers: { 'X-Step-Up': stepUp.token } });
      const response = new SoftAuthenticator(E2E_LOCAL_BASE).create(opt.options, { key: keyOf(KEYS.browser), id: Buffer.from(KEYS.browser.id, 'base64url') });
      await okData(request, 'post', 'passkeys/register', { token, body: { challengeId: opt.challengeId, response, name: 'e2e browser' } });
    }
    await call(request, 'post', 'user/logout', { token: password.token });
    return adminId;
  })();
  // A failed setup is not kept: the next test tries again.
  setup.catch(() => (setup = null));
  return setup;
}

/** A new passkey session of the e2e admin, for back-office API calls (`token` header). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const adminId = await adminPasskeysReady(request);
  const res = await signInWith(request, authenticatorFor(adminId));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.token as string;
}

/**
 * Signs the e2e admin in through the login screen's "パスキーでログイン", with passkey B in a CDP
 * virtual authenticator of this page. The page's context must have baseURL E2E_LOCAL_BASE.
 */
export async function signInAdminThroughUi(page: Page, request: APIRequestContext): Promise<void> {
  const adminId = await adminPasskeysReady(request);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: Buffer.from(KEYS.browser.id, 'base64url').toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: KEYS.browser.pkcs8,
      userHandle: Buffer.from(adminId, 'utf8').toString('base64'),
      signCount: Math.floor((Date.now() - Date.UTC(2026, 0, 1)) / 100),
    },
  });
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': addressOf(E2E_ADMIN.phone) });
  await page.goto('/#/login/login');
  await page.getByRole('button', { name: 'パスキーでログイン' }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
}

/** A browser of the admin's own, signed in with a passkey (see signInAdminThroughUi). */
export async function newAdminPage(
  browser: Browser,
  request: APIRequestContext,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...options, baseURL: E2E_LOCAL_BASE });
  const page = await context.newPage();
  await signInAdminThroughUi(page, request);
  return { context, page };
}
