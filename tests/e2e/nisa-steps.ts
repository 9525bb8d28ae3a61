import sharp from 'sharp';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { myNumberCheckDigit } from '../../src/shared/domain/kyc-rules';
import { ok, loginThroughUi, newPhone, registerUser } from './helpers';

/**
 * Steps of the NISA specs (issue 38, docs/domain.md "Account types and NISA"): a user verified with
 * a My Number card (the only identity a NISA account may be opened with) and the NISA application
 * made on the NISA screen, as a person does it. The same steps as nisa-screens.spec.ts and
 * nisa-ticket.spec.ts, shared from here.
 */

/** A KYC image (a small PNG) uploaded for `purpose`; its upload id. */
export async function uploadKycImage(request: APIRequestContext, token: string, purpose: string, red: number): Promise<string> {
  const body = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: red, g: 80, b: 160 } } }).png().toBuffer();
  const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'application/octet-stream' }, data: body });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

/**
 * A new user, their identity verified by the admin with a My Number card (kyc API, a valid check
 * digit), `grant` yen granted, signed in through the login screen.
 */
export async function myNumberUser(
  page: Page,
  request: APIRequestContext,
  admin: string,
  opts: { password: string; grant: number },
): Promise<{ phone: string; token: string; id: string }> {
  const phone = newPhone();
  const token = await registerUser(request, phone, opts.password);
  const { id } = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  const first11 = phone.replace(/\D/g, '').padStart(11, '1').slice(-11);
  const [front, back] = [await uploadKycImage(request, token, 'kyc_front', 1), await uploadKycImage(request, token, 'kyc_back', 2)];
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '山田 太郎', nameKana: 'ヤマダ タロウ', documentType: 'my_number', documentNumber: first11 + myNumberCheckDigit(first11), frontUploadId: front, backUploadId: back },
  });
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: 'マイナンバーカードを確認しました' } });
  await ok(request, 'post', `admin/users/${id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: opts.grant, reason: 'e2e: nisa' } });
  await loginThroughUi(page, phone, opts.password);
  return { phone, token, id };
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
