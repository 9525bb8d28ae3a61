import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { loginThroughUi, newPhone, ok, registerUser } from './helpers';
import { E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';
import { addMufgShinjukuAccount, approveKyc, openKycInAdmin } from './identity-steps';

/**
 * Identity end to end (issue 11 "Must show"), in one flow: a new user submits 本人確認 with two
 * phone photos (the upload's progress shown); an admin, in a browser of their own, approves it in
 * /admin with a reason; the user sees 確認済み and adds a bank account found by searching 三菱ＵＦＪ
 * and a branch; the audit log shows the review with its reason.
 */

async function cardPhoto(label: string, color: string): Promise<Buffer> {
  const svg = `<svg width="3000" height="2000"><rect x="150" y="150" width="2700" height="1700" rx="90" fill="#fff"/><text x="300" y="600" font-size="240">${label}</text></svg>`;
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: color } }).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 92 }).toBuffer();
}

test('KYC with two photos → an admin approves it in /admin → 確認済み → a bank account found by 三菱ＵＦＪ; the audit log has the review', async ({
  page,
  context,
  request,
  browser,
}) => {
  const phone = newPhone();
  const password = 'identity-pass-1';
  const token = await registerUser(request, phone, password);
  // A payout destination is added with the fund password (set here through the API).
  const fundPassword = '314159';
  await ok(request, 'post', 'user/fund-password', { token, body: { password: fundPassword, password2: fundPassword, loginPassword: password } });
  const name = `本人 ${phone.slice(-4)}`;

  // --- the user submits 本人確認 ---
  await loginThroughUi(page, phone, password);
  await page.goto('/#/information/authInfo');
  await page.getByLabel('氏名（漢字）').fill(name);
  await page.getByLabel('フリガナ（全角カタカナ）').pressSequentially('ほんにん たろう');
  await expect(page.getByLabel('フリガナ（全角カタカナ）')).toHaveValue('ホンニン タロウ');
  await page.getByLabel('書類番号').fill('123456789012');
  const [front, back] = await Promise.all([cardPhoto('FRONT', '#7aa7d9'), cardPhoto('BACK', '#d9b07a')]);
  // A slow uplink, so the progress bar can be seen moving.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 40, downloadThroughput: 1_000_000, uploadThroughput: 150_000 });
  await page.getByTestId('kyc-front').locator('input[type=file]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: front });
  await expect(page.getByTestId('kyc-front').locator('progress')).toBeVisible();
  await expect(page.getByTestId('kyc-front').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await page.getByTestId('kyc-back').locator('input[type=file]').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: back });
  await expect(page.getByTestId('kyc-back').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByTestId('kyc-status').getByText('審査中')).toBeVisible();

  // --- an admin, in a second browser, approves it in /admin ---
  const adminContext = await browser.newContext({ baseURL: E2E_LOCAL_BASE });
  const admin = await adminContext.newPage();
  const reason = `運転免許証の記載と一致 ${phone.slice(-4)}`;
  try {
    await signInAdminThroughUi(admin, request);
    const detail = await openKycInAdmin(admin, name);
    await expect(detail).toContainText('123456•••••2');
    for (const alt of ['書類の表面', '書類の裏面']) {
      await expect.poll(() => detail.getByRole('img', { name: alt }).evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    }
    await approveKyc(admin, detail, reason);

    // --- the user sees 確認済み and adds a bank account in their own name ---
    await page.reload();
    await expect(page.getByTestId('kyc-status').getByText('確認済み')).toBeVisible();
    const number = phone.slice(-7);
    const row = await addMufgShinjukuAccount(page, 'ホンニン　タロウ', number, fundPassword);
    await expect(row).toContainText(`•••${number.slice(-4)}`);

    // --- the audit log shows the review with its reason ---
    await admin.goto('/#/admin/audit');
    await admin.getByLabel('操作').selectOption('kyc.approve');
    await admin.getByRole('button', { name: '絞り込む' }).click();
    await expect(admin.getByTestId('audit-row').filter({ hasText: reason })).toContainText('本人確認の承認');
  } finally {
    await adminContext.close();
  }
});
