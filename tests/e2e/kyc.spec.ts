import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { apiLogin, loginThroughUi, newPhone, ok, registerUser } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * 本人確認 (issue 11 §2, §3): a new user submits the form with two phone-sized photos (shrunk on the
 * device, the upload's progress shown), sees 審査中; a rejection shows its reason and allows a
 * resubmission; an approval shows 確認済み on the screen and on Mine.
 */

/** A 4000×3000 "phone photo" of a card. */
async function cardPhoto(label: string, color: string): Promise<Buffer> {
  const svg = `<svg width="4000" height="3000"><rect x="200" y="200" width="3600" height="2600" rx="120" fill="#fff"/><text x="400" y="700" font-size="320">${label}</text></svg>`;
  return sharp({ create: { width: 4000, height: 3000, channels: 3, background: color } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 95 })
    .toBuffer();
}

test('KYC: submit with two photos (progress), rejected with a reason, resubmitted, approved', async ({ page, request, context }) => {
  const phone = newPhone();
  const password = 'kyc-user-pass-1';
  await registerUser(request, phone, password);
  const admin = await adminToken(request);
  await loginThroughUi(page, phone, password);

  const [front, back] = await Promise.all([cardPhoto('FRONT', '#7aa7d9'), cardPhoto('BACK', '#d9b07a')]);
  const fill = async () => {
    await page.getByLabel('氏名（漢字）').fill('山田 太郎');
    // A resubmission starts from the failed one's names: typed again here.
    await page.getByLabel('フリガナ（全角カタカナ）').fill('');
    await page.getByLabel('フリガナ（全角カタカナ）').pressSequentially('やまだ たろう');
    await expect(page.getByLabel('フリガナ（全角カタカナ）')).toHaveValue('ヤマダ タロウ');
    await page.getByLabel('書類番号').fill('123456789012');
    // A slow uplink, so the progress bar is there to see.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: 1_000_000, uploadThroughput: 150_000 });
    await page.getByTestId('kyc-front').locator('input[type=file]').setInputFiles({ name: 'front.jpg', mimeType: 'image/jpeg', buffer: front });
    await expect(page.getByTestId('kyc-front').locator('progress')).toBeVisible();
    await expect(page.getByTestId('kyc-front').getByRole('img')).toBeVisible();
    await expect(page.getByTestId('kyc-front').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await page.getByTestId('kyc-back').locator('input[type=file]').setInputFiles({ name: 'back.jpg', mimeType: 'image/jpeg', buffer: back });
    await expect(page.getByTestId('kyc-back').getByText('アップロード済み')).toBeVisible({ timeout: 30_000 });
  };

  await page.goto('/#/information/authInfo');
  await fill();
  // Latin letters in the kana: refused on the form with the translated message.
  await page.getByLabel('フリガナ（全角カタカナ）').fill('ヤマダ taro');
  await page.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByText('フリガナにアルファベットは使えません。カタカナで入力してください')).toBeVisible();
  await page.getByLabel('フリガナ（全角カタカナ）').fill('ヤマダ タロウ');
  await page.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByTestId('kyc-status').getByText('審査中')).toBeVisible();
  await expect(page.getByText('123456•••••2')).toBeVisible();

  // The photos were shrunk on the device: stored at most 2560 px wide.
  const user = await apiLogin(request, phone, password);
  const mine = await ok<{ submission: { id: string; frontUploadId: string } }>(request, 'get', 'kyc', { token: user });
  const stored = await request.fetch(`/api/vue/uploads/${mine.submission.frontUploadId}`, { headers: { token: admin } });
  const meta = await sharp(await stored.body()).metadata();
  expect(meta.width).toBeLessThanOrEqual(2560);
  expect(meta.exif).toBeUndefined();

  await ok(request, 'post', `admin/kyc/${mine.submission.id}/reject`, { token: admin, body: { reason: '書類の画像が不鮮明です' } });
  await page.reload();
  await expect(page.getByTestId('kyc-reason')).toContainText('書類の画像が不鮮明です');
  await page.getByRole('button', { name: '再提出する' }).click();
  await fill();
  await page.getByRole('button', { name: '提出する' }).click();
  await expect(page.getByTestId('kyc-status').getByText('審査中')).toBeVisible();

  const again = await ok<{ submission: { id: string } }>(request, 'get', 'kyc', { token: user });
  await ok(request, 'post', `admin/kyc/${again.submission.id}/approve`, { token: admin, body: { reason: '運転免許証と一致' } });
  await page.reload();
  await expect(page.getByTestId('kyc-status').getByText('確認済み')).toBeVisible();
  await page.goto('/#/information/index');
  await expect(page.locator('a[href*="authInfo"]')).toContainText('確認済み');
});
