import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, shots, toast } from './helpers';
import { newAdminPage } from './admin-passkey';
import { applyForNisaOnScreen, decideNisaByApi, myNumberUser, onTradingMorning, userWithoutMyNumber } from './nisa-steps';

/**
 * 口座区分 and NISA (issue 38, docs/domain.md "Account types and NISA"), 390×844: a user without a
 * My Number identity is told to finish it first; one with it applies (審査中), an admin approves in
 * the back office with a reason, and the NISA screen shows the room with a NISA buy in it; another
 * is rejected and sees the reason. The 口座区分 screen changes 源泉徴収 while nothing was sold.
 *
 * With KABUTO_SHOTS=<dir> every state is saved there in Japanese and English.
 */
const screen = (page: Page) => page.locator('.page:visible');
const PASSWORD = 'nisa-screens-1';
// The clock on a weekday morning (continuous trading), so a market order fills at once.
const spec = onTradingMorning();
/** A signed-in user verified with a My Number card, cash granted. */
const user = (page: Page, request: APIRequestContext) => myNumberUser(page, request, spec.admin, { password: PASSWORD, grant: 5_000_000 });

/** For `shots`: the page reloaded and `testId` drawn (the screen's data loaded, not only the network idle). */
const drawn = (testId: string) => async (p: Page) => {
  await p.reload();
  await expect(p.locator('.page:visible').getByTestId(testId)).toBeVisible();
  await p.waitForFunction(() => document.fonts.status === 'loaded');
};

test('without a My Number identity: the NISA screen says so and links to 本人確認; 口座区分 changes 源泉徴収', async ({ page, request }) => {
  await userWithoutMyNumber(page, request, PASSWORD);
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('nisa-state')).toHaveText('未開設');
  await expect(screen(page).getByTestId('tax-account-value')).toHaveText('特定口座（源泉徴収あり）');
  await page.goto('/#/information/nisa');
  const refusal = screen(page).getByTestId('nisa-kyc-required');
  await expect(refusal).toContainText('マイナンバーカード');
  await expect(refusal.getByRole('link', { name: '本人確認へ進む' })).toBeVisible();
  await shots(page, 'nisa-none', drawn('nisa-kyc-required'));

  await page.goto('/#/information/taxAccount');
  await expect(screen(page).getByTestId('tax-account-current')).toHaveText('特定口座（源泉徴収あり）');
  await screen(page).getByTestId('withholding-off').click();
  await screen(page).getByRole('button', { name: '変更する' }).click();
  await expect(screen(page).getByTestId('tax-account-current')).toHaveText('特定口座（源泉徴収なし）');
  await shots(page, 'tax-account', drawn('tax-account-current'));

  // The account-opening (KYC) form's 特定口座 choice, 源泉徴収あり by default.
  await page.goto('/#/information/authInfo');
  await expect(screen(page).getByTestId('kyc-tax-account').getByRole('radio').first()).toBeChecked();
  await shots(page, 'kyc-tax-account', drawn('kyc-tax-account'));
});

test('applied, approved in the back office with a reason: the NISA room with a NISA buy in it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const { phone, token, id } = await user(page, request);
  await applyForNisaOnScreen(page);
  await shots(page, 'nisa-pending', drawn('nisa-status'));

  const { context, page: adminPage } = await newAdminPage(browser, request);
  await adminPage.goto('/#/admin/nisa');
  await adminPage.getByRole('link', { name: new RegExp(phone) }).click();
  const detail = adminPage.getByTestId('nisa-application');
  await expect(detail).toContainText('他の金融機関でNISA口座を保有していません');
  await shots(adminPage, 'admin-nisa-queue', async (p) => {
    await p.reload();
    await expect(p.getByTestId('nisa-application')).toBeVisible();
  });
  await detail.getByRole('button', { name: '承認', exact: true }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('理由（必須・監査ログに記録）').fill('税務署の確認が済みました');
  await dialog.getByRole('button', { name: '承認する' }).click();
  await expect(toast(adminPage)).toHaveText('承認しました');

  // A NISA 成長投資枠 buy (the trade area's), so the room shows use.
  const buy = await api<{ account: string }>(request, 'post', 'trade/orders', { token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1, account: 'nisa_growth' } });
  expect(buy.status).toBe(200);
  expect(buy.body.data?.account).toBe('nisa_growth');

  await adminPage.goto(`/#/admin/user?id=${id}`);
  await expect(adminPage.getByTestId('admin-user-nisa')).toContainText('開設済み');
  await shots(adminPage, 'admin-user-nisa');
  await context.close();

  // By My page, as the user goes (the screen still on the 審査中 view would not remount).
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('nisa-state')).toHaveText('開設済み');
  await page.goto('/#/information/nisa');
  await expect(screen(page).getByTestId('nisa-frame-nisa_growth')).toContainText('¥2,400,000');
  await expect(screen(page).getByTestId('nisa-tsumitate-none')).toBeVisible();
  await expect(screen(page).getByTestId('nisa-dividends')).toContainText('株式数比例配分方式');
  await shots(page, 'nisa-open', drawn('nisa-dividends'));
});

test('rejected with a reason: the reason, and the application again', async ({ page, request }) => {
  const { id } = await user(page, request);
  await applyForNisaOnScreen(page);
  await decideNisaByApi(request, spec.admin, id, 'rejected', '他の金融機関でNISA口座が開設されています');
  await page.goto('/#/information/index');
  await expect(screen(page).getByTestId('nisa-state')).toHaveText('不承認');
  await page.goto('/#/information/nisa');
  await expect(screen(page).getByTestId('nisa-rejected-reason')).toContainText('他の金融機関でNISA口座が開設されています');
  await expect(screen(page).locator('form.nisa-apply')).toBeVisible();
  await shots(page, 'nisa-rejected', drawn('nisa-rejected-reason'));
});
