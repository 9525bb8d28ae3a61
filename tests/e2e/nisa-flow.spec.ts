import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '../../src/shared/money';
import { NISA_LIMITS } from '../../src/shared/domain/account-type';
import { api, ok, shots, toast } from './helpers';
import { newAdminPage } from './admin-passkey';
import { applyForNisaOnScreen, myNumberUser, onTradingMorning } from './nisa-steps';

/**
 * Issue 38 "Must show", 390×844, Japanese: a user verified with a My Number card, holding a stock in
 * 特定, opens NISA on the NISA screen (declaration, application; the ticket says 審査中 meanwhile), an
 * admin approves it in the back office, the user buys in 成長投資枠 from the ticket's 預り区分, the NISA
 * screen shows the room used to the yen of the fill (contract value + fee), the NISA holding is sold
 * from its own card on 保有証券 (売る carries the card's account), and the badges show what is left:
 * the 特定 line, still 特定. The server's clock is set (KABUTO_TEST_CONTROL): Friday 2026-11-27 10:00
 * Tokyo, continuous trading, so market orders fill at once.
 *
 * With KABUTO_SHOTS=<dir> each step is saved there in Japanese and English (nisa-flow-*-ja|en.png).
 */
const CODE = '7203';
const screen = (page: Page) => page.locator('.page:visible');
const ticket = (page: Page) => screen(page).locator('.ticket');
const choice = (page: Page) => ticket(page).getByTestId('account-choice');
const card = (page: Page, account: string) => screen(page).locator(`[data-testid="holdings-stocks"] .holding[data-code="${CODE}"][data-account="${account}"]`);

interface Position {
  code: string;
  account: string;
  status: string;
  contractValue: number | null;
  openFee: number;
}

// Serial, the admin's token taken, the clock at TRADING_MORNING (given back after all).
const spec = onTradingMorning();

test.beforeAll(async ({ request }) => {
  const admin = spec.admin;
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'sellAfterDays', value: 0, reason: 'e2e: same-day selling (the default)' } });
  // Fees charged (the reference table), so the room used is seen to count the buy fee too.
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'feeSchedule', value: 'reference', reason: 'e2e: reference fee table' } });
});

test.afterAll(async ({ request }) => {
  await ok(request, 'post', 'admin/config', { token: spec.admin, body: { name: 'feeSchedule', value: 'zero', reason: 'e2e: back to the default' } });
});

/** For `shots`: the page reloaded, `target` drawn with its data, the fonts loaded. */
const drawn = (target: (p: Page) => Locator) => async (p: Page) => {
  await p.reload();
  await expect(target(p)).toBeVisible({ timeout: 15_000 });
  await p.waitForFunction(() => document.fonts.status === 'loaded');
};
/**
 * KABUTO_SHOTS: the ticket as the 390×844 screen shows it around `focus` (scrolled to it), in ja and
 * en — the ticket is several screens tall, and a full-page picture draws the fixed tab bar across it.
 */
async function ticketShots(page: Page, name: string, settle: (p: Page) => Promise<void>, focus: (p: Page) => Locator) {
  const dir = process.env.KABUTO_SHOTS;
  if (!dir) return;
  for (const [lang, suffix] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await settle(page);
    await focus(page).evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: `${dir}/${name}-${suffix}.png` });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
  await settle(page);
}

/** The ticket with its preview filled in (no '—' left). */
const ticketDrawn = async (p: Page) => {
  await drawn((q) => choice(q))(p);
  await expect(ticket(p).locator('.preview')).not.toContainText('—', { timeout: 15_000 });
};

test('open NISA → buy in 成長投資枠 → the room used → sell from the NISA card → the badges left', async ({ page, request, browser }) => {
  // Six screens in two languages each, the back office's passkey sign-in and two orders.
  test.setTimeout(240_000);
  const { phone, token } = await myNumberUser(page, request, spec.admin, { password: 'nisa-flow-1', grant: 5_000_000 });
  // A holding in 特定 first (no NISA yet), so the stock is held in two accounts once NISA is bought.
  await ok(request, 'post', 'trade/orders', { token, key: true, body: { code: CODE, direction: 'up', type: 'market', lots: 1, leverage: 1, account: 'specific' } });

  // 1. The NISA screen: the declaration and the application; 審査中.
  await applyForNisaOnScreen(page);
  await shots(page, 'nisa-flow-1-applied', drawn((p) => screen(p).getByTestId('nisa-status')));

  // Meanwhile the ticket's NISA choice is disabled as under review (審査中), not as "not opened".
  await page.goto(`/#/trade/index?code=${CODE}&direction=up`);
  await expect(choice(page).locator('[data-account="nisa_growth"]')).toBeDisabled();
  await expect(choice(page).locator('[data-account-refusal="nisa_pending"]')).toContainText('審査中');
  await expect(choice(page).locator('[data-account-refusal="nisa_closed"]')).toHaveCount(0);
  await ticketShots(page, 'nisa-flow-2-ticket-pending', ticketDrawn, choice);

  // 2. The back office: the application approved with a reason (audited).
  const { context, page: adminPage } = await newAdminPage(browser, request);
  await adminPage.goto('/#/admin/nisa');
  await adminPage.getByRole('link', { name: new RegExp(phone) }).click();
  const detail = adminPage.getByTestId('nisa-application');
  await expect(detail).toContainText('他の金融機関でNISA口座を保有していません');
  await detail.getByRole('button', { name: '承認', exact: true }).click();
  const approve = adminPage.getByRole('dialog');
  await approve.getByLabel('理由（必須・監査ログに記録）').fill('税務署の確認が済みました');
  await approve.getByRole('button', { name: '承認する' }).click();
  await expect(toast(adminPage)).toHaveText('承認しました');
  await context.close();

  // 3. The ticket: 預り区分 NISA成長 (the room left shown), confirmed, filled.
  await page.reload();
  const nisaOpt = choice(page).locator('[data-account="nisa_growth"]');
  await expect(nisaOpt).toBeEnabled();
  await nisaOpt.click();
  await expect(nisaOpt).toHaveAttribute('aria-checked', 'true');
  await expect(ticket(page).getByTestId('nisa-room')).toContainText(formatMoney(NISA_LIMITS.yearly.nisa_growth));
  await ticketShots(
    page,
    'nisa-flow-3-ticket-nisa',
    async (p) => {
      await ticketDrawn(p);
      await expect(ticket(p).getByTestId('nisa-room')).toBeVisible();
    },
    choice,
  );
  // The shots reloaded the page: the pick is the user's again (NISA is the default, picked anyway).
  await nisaOpt.click();
  await expect(nisaOpt).toHaveAttribute('aria-checked', 'true');
  await expect(ticket(page).locator('.preview')).not.toContainText('—', { timeout: 15_000 });
  await ticket(page).getByRole('button', { name: '買い注文の内容を確認' }).click();
  const buy = page.getByRole('dialog');
  await expect(buy.getByTestId('confirm-account')).toHaveText('NISA 成長投資枠');
  if (process.env.KABUTO_SHOTS) await buy.screenshot({ path: `${process.env.KABUTO_SHOTS}/nisa-flow-3-confirm-ja.png` });
  await buy.getByRole('button', { name: '注文する' }).click();
  await expect(toast(page)).toHaveText('注文が約定しました');

  // The fill: what it cost, fee included, is what the 成長投資枠 has used.
  const held = await ok<{ items: Position[] }>(request, 'get', 'trade/positions?status=holding&limit=100', { token });
  const nisaBuys = held.items.filter((p) => p.code === CODE && p.account === 'nisa_growth');
  expect(nisaBuys).toHaveLength(1);
  const used = nisaBuys[0]!.contractValue! + nisaBuys[0]!.openFee;
  expect(nisaBuys[0]!.contractValue).toBeGreaterThan(0);
  expect(nisaBuys[0]!.openFee).toBeGreaterThan(0);

  // 4. The NISA screen: this year's 成長投資枠 used to the yen, the rest remaining, the lifetime too.
  await page.goto('/#/information/nisa');
  const growth = screen(page).getByTestId('nisa-frame-nisa_growth');
  await expect(growth.locator('.nisa-room__figures div').filter({ hasText: '利用済み' }).locator('dd')).toHaveText(formatMoney(used, 'JPY'));
  await expect(growth.locator('.nisa-room__remaining')).toHaveText(formatMoney(NISA_LIMITS.yearly.nisa_growth - used, 'JPY'));
  await expect(screen(page).getByTestId('nisa-lifetime').locator('.nisa-room__remaining')).toHaveText(formatMoney(NISA_LIMITS.lifetime - used, 'JPY'));
  await shots(page, 'nisa-flow-4-room', drawn((p) => screen(p).getByTestId('nisa-frame-nisa_growth')));

  // 5. 保有証券: two cards of the stock, 特定 and NISA成長; 売る on the NISA card sells the NISA shares.
  await page.goto('/#/trade/index');
  await expect(card(page, 'specific').locator('.account-badge')).toHaveText('特定');
  await expect(card(page, 'nisa_growth').locator('.account-badge')).toHaveText('NISA成長');
  await shots(page, 'nisa-flow-5-holdings-before', drawn((p) => card(p, 'nisa_growth').locator('.account-badge')));
  await card(page, 'nisa_growth').getByRole('button', { name: '売る' }).click();
  await expect(page).toHaveURL(/account=nisa_growth/);
  await expect(ticket(page).getByRole('radio', { name: '現物売', exact: true })).toHaveAttribute('aria-checked', 'true');
  const sellFrom = ticket(page).getByTestId('sell-account');
  await expect(sellFrom.locator('button[data-account="nisa_growth"]')).toHaveAttribute('aria-checked', 'true');
  await expect(sellFrom.locator('button[data-account="specific"]')).toHaveAttribute('aria-checked', 'false');
  await expect(ticket(page).getByRole('textbox', { name: '売却株数', exact: true })).toHaveValue('100');
  await expect(ticket(page).getByTestId('sell-cost')).not.toHaveText('—');
  await ticketShots(
    page,
    'nisa-flow-5-sell',
    async (p) => {
      await drawn((q) => ticket(q).getByTestId('sell-account'))(p);
      // The account came from the URL (the card's 売る), so it survives the reload.
      await expect(ticket(p).getByTestId('sell-account').locator('button[data-account="nisa_growth"]')).toHaveAttribute('aria-checked', 'true');
      await expect(ticket(p).getByTestId('sell-cost')).not.toHaveText('—');
    },
    (p) => ticket(p).getByTestId('sell-account'),
  );
  await ticket(page).getByRole('button', { name: '売り注文の内容を確認' }).click();
  const sell = page.getByRole('dialog');
  await expect(sell.getByTestId('confirm-account')).toHaveText('NISA 成長投資枠');
  await sell.getByRole('button', { name: '売却する' }).click();
  await expect(toast(page)).toHaveText('売却しました');

  // 6. What is left: the 特定 line, badged 特定; no NISA line.
  const after = await ok<{ stocks: { code: string; account: string; shares: number }[] }>(request, 'get', 'trade/holdings', { token });
  expect(after.stocks.filter((s) => s.code === CODE).map((s) => [s.account, s.shares])).toEqual([['specific', 100]]);
  await page.goto('/#/trade/index');
  await expect(card(page, 'specific')).toContainText('100株');
  await expect(card(page, 'specific').locator('.account-badge')).toHaveText('特定');
  await expect(card(page, 'nisa_growth')).toHaveCount(0);
  await shots(page, 'nisa-flow-6-holdings', drawn((p) => card(p, 'specific').locator('.account-badge')));

  // The sale does not give this year's room back: its book value frees on 1 January.
  await page.goto('/#/information/nisa');
  await expect(growth.locator('.nisa-room__remaining')).toHaveText(formatMoney(NISA_LIMITS.yearly.nisa_growth - used, 'JPY'));
  // One purchase sold whole: its 取得費 is what it cost, fee included.
  await expect(screen(page).getByTestId('nisa-frees')).toContainText(formatMoney(used, 'JPY'));
  await expect(screen(page).getByTestId('nisa-frees')).toContainText('2027');
  await shots(page, 'nisa-flow-7-room-after-sale', drawn((p) => screen(p).getByTestId('nisa-frees')));

  // Nothing more of it is sellable in NISA.
  const sellable = await api<{ accounts: { account: string }[] }>(request, 'get', `trade/sellable?code=${CODE}`, { token });
  expect(sellable.body.data.accounts.map((a) => a.account)).toEqual(['specific']);
});
