import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN } from './env';
import { addressOf, newPhone, reloadWithStream, shots as shotsWith, toast } from './helpers';

/**
 * Login history and devices end to end (issue 37 item 5, docs/domain.md "Login history and
 * devices"), 390×844 in Japanese: the owner registers in one browser; a login from a second browser
 * (another address, another country, another device) is told in the first one's messages; pressing
 * 「身に覚えがない」 there signs out every session — the first browser's own and the second's — and
 * stops fund actions until the login password is changed.
 *
 * KABUTO_SHOTS=<dir>: the message and the ログイン履歴・端末管理 screen, in Japanese and English.
 */

const PASSWORD = 'devices-pass-1-kbt';
const NEW_PASSWORD = 'Vq7-kabuto-Lm92-zr';
const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const screen = (page: Page) => page.locator('.page:visible');
/** KABUTO_SHOTS: this screen keeps a stream open, so a picture waits for the drawn screen, not an idle network. */
const shots = (page: Page, name: string) => shotsWith(page, name, reloadWithStream);

async function signIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/#/login/login');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/index/);
}

test('a login from a second browser reaches the first one\'s messages; 「身に覚えがない」 signs both out and stops fund actions until a new password', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const phone = newPhone();
  // The owner's phone: their own address, in Japan (the server trusts one proxy, which names the country).
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': addressOf(phone), 'x-country': 'JP' });
  await page.goto('/#/login/register');
  await page.getByLabel('電話番号').fill(phone);
  await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
  await page.getByLabel('パスワード（確認）').fill(PASSWORD);
  await page.getByLabel('招待コード').fill(E2E_ADMIN.invite);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/#\/home\/index/);

  // Someone else, on a Windows PC abroad, signs in with the password.
  const other = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    userAgent: WINDOWS_CHROME,
    extraHTTPHeaders: { 'x-forwarded-for': '198.51.100.23', 'x-country': 'US' },
  });
  const intruder = await other.newPage();
  try {
    await signIn(intruder, phone, PASSWORD);

    // The owner's messages tell of it, with the device, the address and the country.
    await page.goto('/#/information/msgInfo');
    const messages = screen(page).getByTestId('messages');
    await expect(messages).toContainText('新しいログインのお知らせ');
    await expect(messages).toContainText('新しい端末から、これまでと異なる国・地域（アメリカ合衆国）でログインがありました');
    await expect(messages).toContainText('Chrome 126 · Windows 10 · パソコン、IPアドレス 198.51.100.23');
    await expect(messages.getByTestId('not-me')).toHaveCount(1);
    await shots(page, 'login-alert-message');

    // ログイン履歴・端末管理 (from マイページ): both sessions, this one marked; both logins, the new one flagged.
    await page.goto('/#/information/index');
    await screen(page).getByRole('link', { name: 'ログイン履歴・端末管理' }).click();
    await expect(page).toHaveURL(/#\/information\/loginDevices/);
    await expect(screen(page).getByTestId('sessions').locator('li')).toHaveCount(2);
    await expect(screen(page).getByTestId('session-current')).toContainText('この端末');
    await expect(screen(page).getByTestId('session')).toContainText('Chrome 126 · Windows 10');
    const logins = screen(page).getByTestId('logins');
    await expect(logins.locator('li')).toHaveCount(2);
    await expect(logins.locator('li').first()).toContainText('新しい端末');
    await expect(logins.locator('li').first()).toContainText('新しい国・地域');
    await expect(logins.locator('li').first()).toContainText('アメリカ合衆国');
    await shots(page, 'login-devices');

    // 「身に覚えがない」 on the message: confirmed, every session ends and this browser goes to the login page.
    await page.goto('/#/information/msgInfo');
    await screen(page).getByTestId('messages').getByTestId('not-me').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('身に覚えのないログインですか？');
    await dialog.getByRole('button', { name: 'ログアウトして停止する' }).click();
    await expect(toast(page)).toContainText('すべての端末からログアウトしました');
    await expect(page).toHaveURL(/#\/login\/login/);
    // Its next navigation lands on the login page again: the session is gone.
    await page.goto('/#/information/index');
    await expect(page).toHaveURL(/#\/login\/login/);
    // The intruder's session is over too: their next screen needs the server and lands there as well.
    await intruder.goto('/#/information/loginDevices');
    await expect(intruder).toHaveURL(/#\/login\/login/, { timeout: 15_000 });

    // The owner signs in again: fund actions are stopped, and the screen says why and how to resume.
    await signIn(page, phone, PASSWORD);
    await page.goto('/#/information/loginDevices');
    await expect(screen(page).getByTestId('funds-locked')).toContainText('出金などを停止しています');
    await expect(screen(page).getByTestId('logins')).toContainText('身に覚えがないとご報告いただきました');
    await shots(page, 'login-devices-locked');
    // The first fund password is set with the login password: a fund-password command.
    const setFundPassword = async (loginPassword: string) => {
      await page.goto('/#/information/fundPass');
      await screen(page).getByLabel('ログインパスワード').fill(loginPassword);
      await screen(page).getByLabel('新しい取引暗証番号（6桁の数字）').fill('135790');
      await screen(page).getByLabel('新しい取引暗証番号（確認）').fill('135790');
      await screen(page).getByRole('button', { name: '設定する' }).click();
    };
    await setFundPassword(PASSWORD);
    await expect(toast(page)).toContainText('身に覚えのないログインのご報告を受け、出金・取引暗証番号・出金先の変更を停止しています');

    // A new login password lifts the stop.
    await page.goto('/#/information/loginPass');
    await screen(page).getByLabel('現在のパスワード').fill(PASSWORD);
    await screen(page).getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD);
    await screen(page).getByLabel('新しいパスワード（確認）').fill(NEW_PASSWORD);
    await screen(page).getByRole('button', { name: '変更する' }).click();
    await expect(toast(page)).toHaveText('ログインパスワードを変更しました');
    await setFundPassword(NEW_PASSWORD);
    await expect(toast(page)).toHaveText('取引暗証番号を設定しました');
    await expect(page).not.toHaveURL(/fundPass/); // the screen has gone back before the next navigation
    await page.goto('/#/information/loginDevices');
    await expect(screen(page).getByTestId('logins')).toBeVisible();
    await expect(screen(page).getByTestId('funds-locked')).toHaveCount(0);
  } finally {
    await other.close();
  }
});
