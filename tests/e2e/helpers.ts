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

export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('tokend'));
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

/**
 * KABUTO_SHOTS=<dir>: the screen as it is, in Japanese and in English (the language switched in
 * storage, the page reloaded, then switched back), for people to look at. Nothing is asserted.
 */
export async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.KABUTO_SHOTS;
  if (!dir) return;
  for (const [lang, suffix] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `${dir}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
  await page.reload();
  await page.waitForLoadState('networkidle');
}
