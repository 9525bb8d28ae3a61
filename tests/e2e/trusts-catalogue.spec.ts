import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ok, shots } from './helpers';
import { adminToken } from './admin-passkey';
import { myNumberUser, openNisaByApi } from './nisa-steps';

/**
 * The 投資信託 screens (issue 39, docs/domain.md "Investment trusts and 積立"), 390×844: the catalogue
 * with its filters, a fund's page (chart, 商品概要, NISA eligibility), the buy and 解約 tickets with the
 * server's estimate, then holdings and orders after a strike. With KABUTO_SHOTS=<dir> every screen is
 * saved there in Japanese and English.
 */
const screen = (page: Page) => page.locator('.page:visible');
const PASSWORD = 'trust-screens-1';
/*
 * Thursday 2026-12-24 10:00 Tokyo: a business day before the 15:30 cut-off, after every day the server
 * struck before (strategies.spec.ts runs the jobs up to 2026-12-23 16:00), before the days
 * trusts-flow.spec.ts (which runs after this file) strikes, and within a session's idle limit of the
 * real date the suite's sessions are signed in on.
 */
const MORNING = '2026-12-24T10:00:00+09:00';
/** The same day 18:00: after the 17:00 strike. */
const EVENING = '2026-12-24T18:00:00+09:00';
/** Friday 10:00: new orders wait for Friday's NAV (cancellable). */
const NEXT_MORNING = '2026-12-25T10:00:00+09:00';

const spec = { admin: '' };
test.describe.configure({ mode: 'serial' });
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: spec.admin, body: { at } });
const runJobs = (request: APIRequestContext) => ok(request, 'post', 'test/jobs/run', { token: spec.admin });
test.beforeAll(async ({ request }) => {
  spec.admin = await adminToken(request);
  await setClock(request, MORNING);
  await runJobs(request);
});
test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

/** For `shots`: the page reloaded and `testId` drawn. */
const drawn = (testId: string, then?: (p: Page) => Promise<void>) => async (p: Page) => {
  await p.reload();
  await expect(screen(p).getByTestId(testId).first()).toBeVisible();
  if (then) await then(p);
  await p.waitForFunction(() => document.fonts.status === 'loaded');
};

test('catalogue, fund page, tickets, holdings and orders', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await myNumberUser(page, request, spec.admin, { password: PASSWORD, grant: 3_000_000 });
  await openNisaByApi(request, spec.admin, user);
  const order = (body: Record<string, unknown>) => ok<{ id: string; status: string }>(request, 'post', 'trusts/orders', { token: user.token, key: true, body });

  await order({ fundId: 'kabuto-topix', side: 'buy', account: 'specific', mode: 'amount', amount: 300_000 });
  await order({ fundId: 'kabuto-balance', side: 'buy', account: 'nisa_growth', mode: 'amount', amount: 120_000 });
  await order({ fundId: 'kabuto-prime-dividend', side: 'buy', account: 'specific', mode: 'amount', amount: 50_000 });
  await setClock(request, EVENING);
  await runJobs(request);
  await setClock(request, NEXT_MORNING);
  await runJobs(request);
  await order({ fundId: 'kabuto-n225', side: 'buy', account: 'specific', mode: 'amount', amount: 10_000 });
  await order({ fundId: 'kabuto-topix', side: 'sell', account: 'specific', mode: 'units', units: 50_000 });

  // The home screen's 投信 and 積立 entries.
  await page.goto('/#/home/index');
  await expect(screen(page).locator('.shortcuts').getByRole('link', { name: '投信' })).toBeVisible();
  await shots(page, 'home-shortcuts', async (p) => {
    await p.reload();
    await expect(screen(p).locator('.shortcuts')).toBeVisible();
    await p.waitForFunction(() => document.fonts.status === 'loaded');
  });

  // The catalogue.
  await page.goto('/#/home/trusts');
  await expect(screen(page).getByTestId('trust-kabuto-topix')).toBeVisible();
  await expect(screen(page).getByTestId('trust-kabuto-topix')).toContainText('NISAつみたて');
  await shots(page, 'trusts-list', drawn('trust-list'));

  // Filtered: つみたて投資枠 only.
  await screen(page).getByTestId('trust-filter-nisa').selectOption('nisa_tsumitate');
  await expect(screen(page).getByTestId('trust-kabuto-monthly-bond')).toHaveCount(0);

  // Holdings and orders.
  await page.goto('/#/home/trusts?tab=holdings');
  await expect(screen(page).getByTestId('trust-holding-kabuto-topix-specific')).toBeVisible();
  await shots(page, 'trusts-holdings', drawn('trust-holdings'));
  await page.goto('/#/home/trusts?tab=orders');
  await expect(screen(page).getByTestId('trust-order-cancel').first()).toBeVisible();
  await shots(page, 'trusts-orders', drawn('trust-orders'));

  // A fund's page: the chart (lazy) and the key facts.
  await page.goto('/#/home/trust?id=kabuto-topix');
  await expect(screen(page).getByTestId('trust-nav-chart')).toBeVisible();
  await expect(screen(page).getByTestId('trust-nisa-tsumitate')).toContainText('対象');
  await shots(page, 'trust-detail', drawn('trust-nav-chart'));
  await page.goto('/#/home/trust?id=kabuto-monthly-bond');
  await expect(screen(page).getByTestId('trust-nisa-growth')).toHaveText('毎月分配型のため対象外');
  await shots(page, 'trust-detail-monthly', drawn('trust-facts'));

  // The buy ticket with the server's estimate.
  const typed = (qty: string) => async (p: Page) => {
    await screen(p).getByTestId('trust-qty').fill(qty);
    await expect(screen(p).getByTestId('trust-estimate')).toBeVisible();
  };
  await page.goto('/#/home/trustOrder?id=kabuto-topix&side=buy');
  await typed('50000')(page);
  await expect(screen(page).getByTestId('trust-nav-date')).toHaveText('2026.12.25');
  await shots(page, 'trust-order-buy', drawn('trust-qty', typed('50000')));

  // More than the cash: the server's refusal, translated, and no way to confirm.
  await screen(page).getByTestId('trust-qty').fill('9000000');
  await expect(screen(page).getByTestId('trust-refusal')).toBeVisible();
  await expect(screen(page).getByTestId('trust-confirm')).toBeDisabled();
  if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/trust-order-refused-ja.png`, fullPage: true });
  await screen(page).getByTestId('trust-qty').fill('50000');
  await expect(screen(page).getByTestId('trust-refusal')).toHaveCount(0);

  // Confirm and place it.
  await screen(page).getByTestId('trust-confirm').click();
  await page.getByRole('dialog').getByRole('button', { name: '注文する' }).click();
  await expect(screen(page).getByTestId('trust-done')).toBeVisible();
  if (process.env.KABUTO_SHOTS) await page.screenshot({ path: `${process.env.KABUTO_SHOTS}/trust-order-done-ja.png`, fullPage: true });

  // The 解約 ticket.
  await page.goto('/#/home/trustOrder?id=kabuto-balance&side=sell&account=nisa_growth');
  await typed('10000')(page);
  await expect(screen(page).getByTestId('trust-tax-note')).toContainText('非課税');
  await shots(page, 'trust-order-sell', drawn('trust-qty', typed('10000')));
});
