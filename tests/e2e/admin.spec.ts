import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { E2E_ADMIN } from './env';
import { api, loginThroughUi, newPhone, ok, registerUser, shots, toast } from './helpers';
import { E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';

/**
 * The back office (issue 11 item 4): a user never sees it and is sent away from /admin; an admin
 * finds a user, changes the account state with a required reason, and the audit log shows it.
 * The admin signs in with a passkey (the back office takes no other session), and WebAuthn refuses
 * IP addresses as RP IDs: this file talks to the server as `localhost`.
 */
test.use({ baseURL: E2E_LOCAL_BASE });

test('a user has no 管理画面 link, /admin sends them to My page, and the API refuses them', async ({ page, request }) => {
  const phone = newPhone();
  const token = await registerUser(request, phone, 'user-pass-123');
  await loginThroughUi(page, phone, 'user-pass-123');
  await page.goto('/#/information/index');
  await expect(page.getByRole('link', { name: 'お客様情報' })).toBeVisible();
  await expect(page.getByRole('link', { name: '管理画面' })).toHaveCount(0);

  await page.goto('/#/admin/users');
  await expect(page).toHaveURL(/#\/information\/index/);
  // Even a browser that claims to be an admin gets nothing from the server.
  await page.evaluate(() => localStorage.setItem('is_admin', 'true'));
  const res = await api(request, 'get', 'admin/users', { token });
  expect([res.status, res.body.msg]).toEqual([403, 'admin_only']);
});

test('an admin finds a user, freezes the account with a reason, and the audit log shows it', async ({ page, request }) => {
  const phone = newPhone();
  await registerUser(request, phone, 'user-pass-123');
  const reason = `e2e 不正利用の調査 ${phone.slice(-4)}`;

  await signInAdminThroughUi(page, request);
  await page.goto('/#/information/index');
  await page.getByRole('link', { name: '管理画面' }).click();
  await expect(page).toHaveURL(/#\/admin\/users/);

  await page.getByRole('searchbox').fill(phone.slice(3));
  await page.getByRole('button', { name: '検索', exact: true }).click();
  await page.getByRole('link', { name: phone }).click();
  await expect(page).toHaveURL(/#\/admin\/user\?id=/);
  await expect(page.getByRole('heading', { name: phone })).toBeVisible();
  await shots(page, 'admin-user');

  // The reason is required: the dialog refuses an empty one and changes nothing.
  await page.getByRole('button', { name: '凍結中' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(dialog.locator('.field__error')).toBeVisible();
  await dialog.getByLabel('理由（必須・監査ログに記録）').fill(reason);
  await dialog.getByRole('button', { name: '変更する' }).click();
  await expect(toast(page)).toHaveText('状態を変更しました');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.admin-dl .admin-tag').first()).toHaveText('凍結中');
  await expect(page.getByText(reason)).toBeVisible();
  const userId = new URL(page.url().replace('/#/', '/')).searchParams.get('id')!;

  // The audit log: the entry with its action, reason and target; filtering by the target keeps it alone.
  await page.getByRole('link', { name: '監査ログ' }).click();
  const row = page.getByTestId('audit-row').filter({ hasText: reason });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('口座状態の変更');
  await expect(row).toContainText('active → frozen');
  await expect(row).toContainText(E2E_ADMIN.phone);
  await page.getByLabel('対象（利用者 ID・設定名など）').fill(userId);
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page).toHaveURL(new RegExp(`target=${userId}`));
  await expect(page.getByTestId('audit-row')).toHaveCount(1);
  await expect(page.getByTestId('audit-row')).toContainText(reason);
});

test('an admin reviews a KYC submission in /admin with both photos, approves it with a reason; the user sees 確認済み', async ({ page, request, browser }) => {
  const phone = newPhone();
  const token = await registerUser(request, phone, 'user-pass-123');
  const photo = (color: string) => sharp({ create: { width: 640, height: 400, channels: 3, background: color } }).jpeg().toBuffer();
  const send = async (purpose: string, bytes: Buffer) => {
    const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, { method: 'POST', headers: { token, 'content-type': 'image/jpeg' }, data: bytes });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const [frontUploadId, backUploadId] = [await send('kyc_front', await photo('#7aa7d9')), await send('kyc_back', await photo('#d9b07a'))];
  const name = `審査 ${phone.slice(-4)}`;
  await ok(request, 'post', 'kyc', { token, body: { name, nameKana: 'シンサ タロウ', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId, backUploadId } });

  await signInAdminThroughUi(page, request);
  await page.goto('/#/admin/kyc');
  await shots(page, 'admin-kyc-queue');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  const detail = page.getByTestId('kyc-detail');
  await expect(detail).toContainText('123456•••••2');
  // Both photos, fetched with the admin's session and shown from object URLs.
  for (const alt of ['書類の表面', '書類の裏面']) {
    const img = detail.getByRole('img', { name: alt });
    await expect(img).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(640);
  }
  await detail.getByRole('button', { name: '承認', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('理由（必須・監査ログに記録）').fill('運転免許証の記載と一致');
  await dialog.getByRole('button', { name: '承認する' }).click();
  await expect(toast(page)).toHaveText('承認しました');
  await expect(page.getByRole('link', { name: new RegExp(name) })).toHaveCount(0);

  await page.getByRole('link', { name: '監査ログ' }).click();
  await page.getByLabel('操作').selectOption('kyc.approve');
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByTestId('audit-row').filter({ hasText: '運転免許証の記載と一致' }).first()).toContainText('本人確認の承認');

  // The user, in a browser of their own, sees the result.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await loginThroughUi(userPage, phone, 'user-pass-123');
  await userPage.goto('/#/information/authInfo');
  await expect(userPage.getByTestId('kyc-status').getByText('確認済み')).toBeVisible();
  await userContext.close();
});
