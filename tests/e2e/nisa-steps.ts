import sharp from 'sharp';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { myNumberCheckDigit } from '../../src/shared/domain/kyc-rules';
import { ok, loginThroughUi, newPhone, registerUser } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * Steps of the NISA specs (issue 38, docs/domain.md "Account types and NISA"): a user verified with
 * a My Number card (the only identity a NISA account may be opened with) or without it, the NISA
 * application made on the NISA screen as a person does it or through the API, an admin's decision
 * through the admin API, and the server's clock on a trading morning. Shared by nisa-flow.spec.ts,
 * nisa-screens.spec.ts and nisa-ticket.spec.ts.
 */

/** The signed-in user of a spec. */
export interface NisaUser {
  phone: string;
  token: string;
  id: string;
}

/** Friday 2026-11-27 10:00 Tokyo: continuous trading, so a market order fills at once. */
const TRADING_MORNING = '2026-11-27T10:00:00+09:00';

/** The server's clock (KABUTO_TEST_CONTROL) set to `at`; null gives it back to real time. */
const setClock = (request: APIRequestContext, admin: string, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });

/**
 * The hooks of a NISA spec, registered where it is called (the spec's top level): the tests run in
 * order, the admin's token is taken and the clock set to TRADING_MORNING before all, the clock is
 * given back after all. The admin's token is in `.admin` once the first hook has run.
 */
export function onTradingMorning(): { admin: string } {
  const spec = { admin: '' };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ request }) => {
    spec.admin = await adminToken(request);
    await setClock(request, spec.admin, TRADING_MORNING);
  });
  test.afterAll(async ({ request }) => {
    await setClock(request, spec.admin, null);
  });
  return spec;
}

/** A KYC image (a small PNG) uploaded for `purpose`; its upload id. */
export async function uploadKycImage(request: APIRequestContext, token: string, purpose: string, red: number): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 160 } } }).png().toBuffer();
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/** A new user, registered (no identity verified, no cash), not signed in yet. */
async function registered(request: APIRequestContext, password: string): Promise<NisaUser> {
  const phone = newPhone();
  const token = await registerUser(request, phone, password);
  const { id } = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  return { phone, token, id };
}

/** A new user without a verified identity (so no My Number), signed in through the login screen. */
export async function userWithoutMyNumber(page: Page, request: APIRequestContext, password: string): Promise<NisaUser> {
  const user = await registered(request, password);
  await loginThroughUi(page, user.phone, password);
  return user;
}

/**
 * A new user, their identity verified by the admin with a My Number card (kyc API, a valid check
 * digit), `grant` yen granted, signed in through the login screen.
 */
export async function myNumberUser(page: Page, request: APIRequestContext, admin: string, opts: { password: string; grant: number }): Promise<NisaUser> {
  const user = await registered(request, opts.password);
  const { phone, token, id } = user;
  const first11 = phone.replace(/\D/g, '').padStart(11, '1').slice(-11);
  const [front, back] = [await uploadKycImage(request, token, 'kyc_front', 1), await uploadKycImage(request, token, 'kyc_back', 2)];
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'my_number', documentNumber: first11 + myNumberCheckDigit(first11), frontUploadId: front, backUploadId: back },
  });
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: 'マイナンバーカードを確認しました' } });
  await ok(request, 'post', `admin/users/${id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: opts.grant, reason: 'e2e: nisa' } });
  await loginThroughUi(page, phone, opts.password);
  return user;
}

/** On /information/nisa (Japanese UI): the declaration ticked, the application sent, 審査中 shown. */
export async function applyForNisaOnScreen(page: Page): Promise<void> {
  const screen = page.locator('.page:visible');
  await page.goto('/#/information/nisa');
  const form = screen.locator('form.nisa-apply');
  await expect(form.getByRole('button', { name: 'NISA口座を申し込む' })).toBeDisabled();
  await form.getByText('今年、他の金融機関でNISA口座を保有していません').click();
  await form.getByRole('button', { name: 'NISA口座を申し込む' }).click();
  await expect(screen.getByTestId('nisa-status')).toContainText('審査中');
}

/** The user's pending NISA application (the admin's queue holds it) decided by the admin API with `reason`. */
export async function decideNisaByApi(
  request: APIRequestContext,
  admin: string,
  userId: string,
  decision: 'approved' | 'rejected',
  reason: string,
): Promise<void> {
  const queue = await ok<{ items: { id: string; userId: string }[] }>(request, 'get', 'admin/nisa/applications?status=pending&limit=100', { token: admin });
  const app = queue.items.find((i) => i.userId === userId);
  expect(app).toBeTruthy();
  await ok(request, 'post', `admin/nisa/applications/${app!.id}/decide`, { token: admin, body: { decision, reason } });
}

/** NISA opened without the screens: applied for through the API (the declaration made), approved by the admin API. */
export async function openNisaByApi(request: APIRequestContext, admin: string, user: Pick<NisaUser, 'token' | 'id'>): Promise<void> {
  await ok(request, 'post', 'tax-account/nisa', { token: user.token, body: { declaration: true } });
  await decideNisaByApi(request, admin, user.id, 'approved', '税務署の確認が済みました');
}
