import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { E2E_ADMIN } from './env';

/** A phone number nobody has used in this run. */
export function newPhone(): string {
  return `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

interface Envelope<T> {
  status: number;
  msg: string;
  data: T;
}

/** Call the real API (relative to /api/vue/) as a second client, outside the browser. */
export async function api<T = unknown>(
  request: APIRequestContext,
  method: 'get' | 'post',
  path: string,
  opts: { body?: unknown; token?: string; key?: boolean; ip?: string } = {},
): Promise<{ status: number; body: Envelope<T> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.token) headers.token = opts.token;
  // Another person's address (the server trusts one proxy in e2e: tests/e2e/env.ts).
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  // A money command: a fresh Idempotency-Key, as the app makes one per user action.
  if (opts.key) headers['Idempotency-Key'] = randomUUID();
  const res = await request.fetch(`/api/vue/${path}`, {
    method: method.toUpperCase(),
    headers,
    data: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status(), body: (await res.json()) as Envelope<T> };
}

/** `api` that expects success and returns the data. */
export async function ok<T>(request: APIRequestContext, method: 'get' | 'post', path: string, opts: Parameters<typeof api>[3] = {}): Promise<T> {
  const r = await api<T>(request, method, path, opts);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

/**
 * The address a test person signs up and signs in from: one per phone number, so the server's real
 * per-IP limits (registrations, password checks) see many people, as in production, not one runner.
 */
export function addressOf(phone: string): string {
  return `10.${Number(phone.slice(-6, -4))}.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2)) + 1}`;
}

/** Register a user invited by the e2e admin; returns its API session token. */
export async function registerUser(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const r = await api<{ token: string }>(request, 'post', 'user/register', {
    body: { phone, password, password2: password, inviteCode: E2E_ADMIN.invite, agree: true },
    ip: addressOf(phone),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.token;
}

export async function apiLogin(request: APIRequestContext, phone: string, password: string): Promise<string> {
  const r = await api<{ token: string }>(request, 'post', 'user/login', { body: { phone, password }, ip: addressOf(phone) });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.token;
}

/** The 2 s toast. */
export const toast = (page: Page) => page.locator('.toast');

/** Sign in through the login screen (Japanese UI) and wait for the home tab. */
export async function loginThroughUi(page: Page, phone: string, password: string): Promise<void> {
  // This browser is this person's: its requests come from their address (see addressOf).
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': addressOf(phone) });
  await page.goto('/#/login/login');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
}

/** The token key of localStorage before the session cookie: a page of this version never writes it. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('tokend'));
}

/** The browser's session cookie (docs/decisions/002-accounts-and-sessions.md, "Follow-up: the session cookie"). */
export const SESSION_COOKIE = '__Host-kabuto_session';

/**
 * The session cookie as the browser keeps it, read through the browser context (the page's own
 * scripts cannot: it is httpOnly); null when there is none.
 */
export async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE) ?? null;
}

/** The browser's session token (its cookie's value), to call the API as the same session. */
export async function sessionToken(page: Page): Promise<string | null> {
  return (await sessionCookie(page))?.value ?? null;
}

/**
 * After a sign-in: the browser holds the session in a Secure, httpOnly, SameSite=Strict `__Host-`
 * cookie, and the page can reach the token nowhere — not in localStorage, not in document.cookie.
 */
export async function expectCookieSession(page: Page): Promise<void> {
  const cookie = await sessionCookie(page);
  expect(cookie, 'the session cookie').not.toBeNull();
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/' });
  expect(cookie!.value.length).toBeGreaterThanOrEqual(43);
  const seen = await page.evaluate(() => ({ cookie: document.cookie, storage: JSON.stringify({ ...localStorage }) }));
  expect(seen.cookie).not.toContain('kabuto_session');
  expect(seen.cookie).not.toContain(cookie!.value);
  expect(seen.storage).not.toContain(cookie!.value);
  expect(await storedToken(page)).toBeNull();
}

/** Whether IndexedDB's persisted query cache holds an entry whose key contains `needle`. */
export async function persisted(page: Page, needle: string): Promise<boolean> {
  return page.evaluate(async (n) => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'kabuto')) return false;
    return new Promise<boolean>((resolve) => {
      const open = indexedDB.open('kabuto');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('query-cache')) {
          db.close();
          resolve(false);
          return;
        }
        const req = db.transaction('query-cache').objectStore('query-cache').getAll();
        req.onsuccess = () => {
          db.close();
          resolve(JSON.stringify(req.result).includes(n));
        };
        req.onerror = () => resolve(false);
      };
    });
  }, needle);
}

/** The page reloaded and idle on the network: enough before a picture of most screens. */
async function reloadIdle(page: Page): Promise<void> {
  await page.reload();
  await page.waitForLoadState('networkidle');
}

/**
 * The page reloaded and its screen drawn with its data, for a screen that keeps a stream open (the
 * network never idles): the first-load spinner gone, then its fonts and images loaded, which only
 * a picture needs.
 */
export async function reloadWithStream(page: Page): Promise<void> {
  await page.reload();
  await page.locator('.page:visible').first().waitFor();
  await expect(page.locator('.first-load')).toHaveCount(0);
  await fontsAndImages(page);
}

/** The page's fonts loaded and its images (those not loaded lazily) complete: waited for, not a fixed moment. */
async function fontsAndImages(page: Page): Promise<void> {
  await page.waitForFunction(() => document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete || i.loading === 'lazy'));
}

/**
 * KABUTO_SHOTS=<dir>: the screen as it is, in Japanese and in English (the language switched in
 * storage, the page reloaded by `settle`, then switched back), for people to look at. Nothing is asserted.
 */
export async function shots(page: Page, name: string, settle: (page: Page) => Promise<void> = reloadIdle): Promise<void> {
  const dir = process.env.KABUTO_SHOTS;
  if (!dir) return;
  for (const [lang, suffix] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await settle(page);
    await page.screenshot({ path: `${dir}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
  await settle(page);
}
