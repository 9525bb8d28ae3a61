import { expect, test, type Locator, type Page } from '@playwright/test';
import { api } from './helpers';
import { myNumberUser, onTradingMorning, openNisaByApi } from './nisa-steps';

/**
 * 預り区分 on the order ticket and every holding line (issue 38), 390×844: without NISA the NISA
 * choices are disabled with the reason and a link to the NISA screen; once NISA is open a cash buy
 * defaults to NISA成長 with the room left, a margin side refuses NISA, the confirm sheet names the
 * account; a stock held in 特定 and NISA is sold from the account chosen; 保有証券, the positions and
 * the records show the badge. With KABUTO_SHOTS=<dir> each state is saved in Japanese and English.
 */
const screen = (page: Page) => page.locator('.page:visible');
const CODE = '7203';
// The clock on a weekday morning (continuous trading), so a market order fills at once.
const spec = onTradingMorning();

/** `target` in ja and en (the language switched in storage, the page reloaded, `ready` awaited). */
async function shot(page: Page, name: string, target: (p: Page) => Locator, ready: (p: Page) => Promise<void>) {
  const dir = process.env.KABUTO_SHOTS;
  for (const [lang, suffix] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    await ready(page);
    if (dir) await target(page).screenshot({ path: `${dir}/${name}-${suffix}.png` });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
  await page.reload();
  await ready(page);
}

const ticket = (p: Page) => screen(p).locator('.ticket');
const choice = (p: Page) => ticket(p).getByTestId('account-choice');
const previewShown = async (p: Page) => {
  await expect(choice(p)).toBeVisible();
  await expect(ticket(p).locator('.preview')).not.toContainText('—', { timeout: 15_000 });
};

test('預り区分 on the ticket, the sale and the holding lines', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await myNumberUser(page, request, spec.admin, { password: 'nisa-ticket-1', grant: 5_000_000 });
  const { token } = user;

  // No NISA yet: NISA成長 / つみたて disabled, the reason with a link to the NISA screen; 特定 chosen.
  await page.goto(`/#/trade/index?code=${CODE}&direction=up`);
  await expect(choice(page).locator('[data-account-refusal="nisa_closed"]').getByRole('link')).toHaveAttribute('href', /information\/nisa/);
  await expect(choice(page).locator('[data-account="nisa_growth"]')).toBeDisabled();
  await shot(page, 'ticket-no-nisa', ticket, previewShown);

  await openNisaByApi(request, spec.admin, user);
  const specific = await api(request, 'post', 'trade/orders', { token, key: true, body: { code: CODE, direction: 'up', type: 'market', lots: 1, leverage: 1, account: 'specific' } });
  const nisa = await api(request, 'post', 'trade/orders', { token, key: true, body: { code: CODE, direction: 'up', type: 'market', lots: 2, leverage: 1, account: 'nisa_growth' } });
  expect([specific.status, nisa.status]).toEqual([200, 200]);

  // NISA open: a cash buy defaults to NISA成長 with the room left; つみたて disabled (no designated funds).
  await page.reload();
  await expect(choice(page).locator('[data-account="nisa_growth"]')).toBeEnabled();
  await shot(page, 'ticket-nisa', ticket, async (p) => {
    await previewShown(p);
    await expect(ticket(p).getByTestId('nisa-room')).toBeVisible();
  });

  // The confirm sheet names the account.
  await ticket(page).getByRole('button', { name: '買い注文の内容を確認' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-account')).toBeVisible();
  if (process.env.KABUTO_SHOTS) await dialog.screenshot({ path: `${process.env.KABUTO_SHOTS}/ticket-confirm-ja.png` });
  await dialog.getByRole('button', { name: 'キャンセル' }).click();

  // A margin side: NISA refused (信用取引はNISAでは取引できません).
  await shot(page, 'ticket-margin', ticket, async (p) => {
    await ticket(p).getByRole('radio', { name: /信用新規買|Margin buy/ }).click();
    await expect(choice(p).locator('[data-account-refusal="nisa_margin"]')).toBeVisible();
  });

  // 現物売 of a stock held in 特定 and NISA: which account's shares.
  await page.goto(`/#/trade/index?code=${CODE}&direction=down`);
  await shot(page, 'ticket-sell', ticket, async (p) => {
    await expect(ticket(p).getByTestId('sell-account')).toBeVisible({ timeout: 15_000 });
  });
  await ticket(page).getByTestId('sell-account').locator('button[data-account="nisa_growth"]').click();
  await expect(ticket(page).getByTestId('holding')).toContainText('200');

  // 保有証券: one row per stock and account, each with its badge.
  await page.goto('/#/trade/index');
  await shot(page, 'holdings', (p) => screen(p).getByTestId('holdings-stocks'), async (p) => {
    await expect(screen(p).getByTestId('holdings-stocks').locator('.account-badge').first()).toBeVisible({ timeout: 15_000 });
  });

  // The badges in dark mode (global.css tokens).
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(screen(page).getByTestId('holdings-stocks').locator('.account-badge').first()).toBeVisible({ timeout: 15_000 });
  if (process.env.KABUTO_SHOTS) await screen(page).getByTestId('holdings-stocks').screenshot({ path: `${process.env.KABUTO_SHOTS}/holdings-dark-ja.png` });
  await page.emulateMedia({ colorScheme: 'light' });

  await page.goto('/#/information/fundRecord?type=trade');
  await shot(page, 'records', (p) => screen(p), async (p) => {
    await expect(screen(p).locator('.record').first()).toBeVisible({ timeout: 15_000 });
  });
});
