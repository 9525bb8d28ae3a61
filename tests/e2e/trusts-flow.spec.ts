import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatIsoDate, formatMoney, formatNumber } from '../../src/shared/money';
import { buyByAmount, sellValue } from '../../src/shared/domain/trust';
import { nextRunDate } from '../../src/shared/domain/plan';
import { NISA_LIMITS } from '../../src/shared/domain/account-type';
import type { TrustDetail, TrustHoldingView, TrustOrderView } from '../../src/shared/api/trusts';
import type { PlansList } from '../../src/shared/api/plans';
import { ok, toast } from './helpers';
import { FLOW, TOPIX_FUND, flowShots, nisaUser, onFlowClock, runAt, screen, tabOf } from './trusts-steps';

/**
 * Issue 39 "Must show", 390×844, Japanese: a user with cash and an open NISA account finds an index
 * fund (home → 投信, the つみたて投資枠 filter, a search for TOPIX), opens it, sets a monthly 積立 of
 * ¥10,000 on the 1st in NISA つみたて投資枠 from its page, and the clock is moved past the run date's
 * 10:00 (the plans job places the order at that day's NAV) and 17:00 (the NAV strike fills it): the
 * holding shows on 投信 → 保有 with its units and 評価額 in NISA つみたて, the records' 投資信託 tab shows
 * the purchase, and the 積立 list shows the run and the next run date.
 *
 * The server's clock is set (KABUTO_TEST_CONTROL, trusts-steps.ts FLOW): after every other spec's days.
 * With KABUTO_SHOTS=<dir> each screen is saved there in Japanese and English (trusts-flow-*-ja|en.png).
 */
const AMOUNT = 10_000;
/** The 積立 list's refresh interval (features/plans/api.ts plansQuery), and a moment more. */
const PLANS_REFRESH_MS = 61_000;
const spec = onFlowClock();

/** The fund's row in the catalogue (a link to its page). */
const fundRow = (page: Page) => screen(page).getByTestId(`trust-${TOPIX_FUND.id}`);
/** The catalogue narrowed (in any language) to つみたて投資枠 and searched for TOPIX: the TOPIX fund alone. */
async function narrowToTopix(page: Page): Promise<void> {
  await screen(page).getByTestId('trust-filter-nisa').selectOption('nisa_tsumitate');
  await screen(page).getByTestId('trust-search').fill('TOPIX');
  await expect(screen(page).getByTestId('trust-list').locator('li')).toHaveCount(1);
  await expect(fundRow(page)).toBeVisible();
}

/**
 * The plan form (in any language; the frequency picked is 毎月): ¥10,000 a run, NISA つみたて, on the
 * 1st only; the first run date shown is the job's.
 */
async function fillPlan(page: Page): Promise<void> {
  const form = screen(page);
  await form.getByTestId('plan-amount').fill(String(AMOUNT));
  const tsumitate = form.getByTestId('plan-account').locator('[data-account="nisa_tsumitate"]');
  await expect(tsumitate).toBeEnabled();
  await tsumitate.click();
  await expect(tsumitate).toHaveAttribute('aria-checked', 'true');
  // Monthly (the default; its days shown only then), the 1st alone among the days.
  const days = form.getByTestId('plan-days');
  const pressed = days.locator('button[aria-pressed="true"]');
  // Each click unpresses one: the first of those left, until none is (at most 3 may be pressed).
  for (let left = await pressed.count(); left > 0; left--) {
    await pressed.first().click();
    await expect(pressed).toHaveCount(left - 1);
  }
  await days.getByRole('button', { name: '1', exact: true }).click();
  await expect(days.locator('button[aria-pressed="true"]')).toHaveText(['1']);
  await expect(form.getByTestId('plan-next-run').locator('dd').first()).toHaveText(formatIsoDate(FLOW.runDate));
}

/** The figure under `label` in a list of figures (<div><dt>label</dt><dd>figure</dd></div>). */
const figureOf = (within: Locator, label: string) => within.locator('dl > div').filter({ has: within.page().getByText(label, { exact: true }) }).locator('dd');

test('find an index fund → a monthly 積立 in NISA つみたて → the run and the strike → the holding and the records', async ({ page, request }) => {
  // Eight screens in two languages each and three job runs (the first strike of a new year among them).
  test.setTimeout(process.env.KABUTO_SHOTS ? 300_000 : 180_000);
  // The browser's clock runs as usual, and can be moved on (step 9).
  await page.clock.install();
  const { token } = await nisaUser(page, request, spec.admin, { password: 'trusts-flow-1', grant: 1_000_000 });
  // The schedule's first run date is the job's (shared/domain/plan.ts): the 1st moved off the New Year holidays.
  expect(nextRunDate({ frequency: 'monthly', days: [1] }, FLOW.start.slice(0, 10))).toBe(FLOW.runDate);

  // 1. Home → 投信: the catalogue, narrowed to つみたて投資枠 and searched for TOPIX.
  await page.goto('/#/home/index');
  await screen(page).getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '投信', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/trusts/);
  await expect(fundRow(page)).toBeVisible();
  // Every fund of the catalogue at first; the NISA filter keeps the designated index funds (the active
  // fund has a 購入時手数料), the search the one for TOPIX.
  const list = screen(page).getByTestId('trust-list');
  await expect(list.getByTestId('trust-kabuto-active')).toBeVisible();
  await screen(page).getByRole('combobox', { name: 'NISA', exact: true }).selectOption({ label: 'つみたて投資枠の対象' });
  await expect(list.getByTestId('trust-kabuto-active')).toHaveCount(0);
  await expect(list.getByTestId('trust-kabuto-n225')).toBeVisible();
  await expect(fundRow(page).locator('.trust-badge[data-frame="nisa_tsumitate"]')).toHaveText('NISAつみたて');
  await screen(page).getByRole('searchbox', { name: 'ファンド名・コードで検索' }).fill('TOPIX');
  await expect(list.getByTestId('trust-kabuto-n225')).toHaveCount(0);
  await expect(fundRow(page)).toContainText(TOPIX_FUND.ja);
  await expect(fundRow(page)).toContainText(TOPIX_FUND.code);
  // The pictures: the whole catalogue, then the search (a reload forgets the filters: picked again).
  await flowShots(page, 'trusts-flow-1-funds', () => list.getByTestId('trust-kabuto-active'));
  await flowShots(page, 'trusts-flow-1-funds-search', () => fundRow(page), narrowToTopix);
  await narrowToTopix(page);

  // 2. The fund's page: its 基準価額 (simulated), つみたて投資枠 eligible; 積立設定.
  await fundRow(page).click();
  await expect(page).toHaveURL(new RegExp(`#/home/trust\\?id=${TOPIX_FUND.id}`));
  const detail = await ok<TrustDetail>(request, 'get', `trusts/funds/${TOPIX_FUND.id}`, { token });
  expect(detail.fund.eligibility.nisa_tsumitate).toBeNull();
  const head = screen(page).getByTestId('trust-head');
  await expect(head).toContainText(TOPIX_FUND.ja);
  await expect(head).toContainText(formatMoney(detail.fund.nav));
  await expect(head).toContainText('シミュレーション');
  await expect(screen(page).getByTestId('trust-nisa-tsumitate')).toHaveText('対象（積立でのみ購入できます）');
  const setPlan = screen(page).getByRole('link', { name: '積立設定', exact: true });
  await flowShots(page, 'trusts-flow-2-fund', () => screen(page).getByTestId('trust-head'));

  // 3. The plan screen: ¥10,000 monthly on the 1st, NISA つみたて投資枠; the first run date shown (the
  //    1st is a holiday: the next business day).
  await setPlan.click();
  await expect(page).toHaveURL(new RegExp(`#/home/tsumitatePlan\\?fund=${TOPIX_FUND.id}`));
  await expect(screen(page).getByTestId('plan-target')).toContainText(TOPIX_FUND.ja);
  await screen(page).getByRole('radiogroup', { name: '積立の頻度' }).getByRole('radio', { name: '毎月', exact: true }).click();
  await fillPlan(page);
  await flowShots(page, 'trusts-flow-3-plan', () => screen(page).getByTestId('plan-save'), fillPlan);
  await screen(page).getByRole('button', { name: 'この内容で積立を設定', exact: true }).click();
  await expect(toast(page)).toHaveText('積立を設定しました');
  await expect(page).toHaveURL(/#\/home\/tsumitatePlan\?id=/);
  await expect(screen(page).getByTestId('plan-status')).toHaveText('積立中');

  // 4. The plan as saved (the server's word), then the 積立 list (home → 積立) on screen.
  const plans = await ok<PlansList>(request, 'get', 'plans', { token });
  expect(plans.items).toHaveLength(1);
  const plan = plans.items[0]!;
  expect(plan).toMatchObject({ kind: 'fund', target: TOPIX_FUND.id, amount: AMOUNT, account: 'nisa_tsumitate', frequency: 'monthly', days: [1], status: 'active', nextRun: FLOW.runDate });
  await page.goto('/#/home/index');
  await screen(page).getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '積立', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/tsumitate$/);
  const planCard = screen(page).getByTestId(`plan-${plan.id}`);
  await expect(planCard.locator('.plan-card__name')).toHaveText(TOPIX_FUND.ja);
  await expect(planCard.locator('.account-badge')).toHaveText('NISAつみたて');
  await expect(planCard).toContainText(`${formatMoney(AMOUNT)}／回`);
  await expect(planCard.getByTestId('plan-next')).toHaveText(formatIsoDate(FLOW.runDate));
  await flowShots(page, 'trusts-flow-4-plans', () => planCard.getByTestId('plan-next'));

  // 5. The run date's 10:00: the plans job places the order at that day's NAV, the cash reserved.
  await runAt(request, spec.admin, FLOW.run);
  const orders = await ok<{ items: TrustOrderView[] }>(request, 'get', 'trusts/orders', { token });
  expect(orders.items).toHaveLength(1);
  expect(orders.items[0]).toMatchObject({ fundId: TOPIX_FUND.id, side: 'buy', account: 'nisa_tsumitate', mode: 'amount', amount: AMOUNT, reserved: AMOUNT, navDate: FLOW.runDate, status: 'pending', source: 'plan' });
  // On 投信 → 注文: the plan's order, pending until the day's NAV is struck.
  await page.goto('/#/home/trusts?tab=orders');
  const order = screen(page).getByTestId(`trust-order-${orders.items[0]!.id}`);
  await expect(order).toHaveAttribute('data-status', 'pending');
  await expect(order).toContainText(TOPIX_FUND.ja);
  await flowShots(page, 'trusts-flow-5-order-pending', () => order);

  // 6. 17:00: the NAV of the run date struck, the order filled at it (units = ⌊amount × 10,000 ÷ NAV⌋, no fee).
  await runAt(request, spec.admin, FLOW.strike);
  const struck = await ok<TrustDetail>(request, 'get', `trusts/funds/${TOPIX_FUND.id}`, { token });
  expect(struck.fund.navDate).toBe(FLOW.runDate);
  const nav = struck.fund.nav;
  const fill = buyByAmount(AMOUNT, nav, 0);
  expect(fill.units).toBeGreaterThan(0);
  const filled = (await ok<{ items: TrustOrderView[] }>(request, 'get', 'trusts/orders', { token })).items[0]!;
  expect(filled).toMatchObject({ status: 'filled', nav, units: fill.units, value: fill.value, fee: 0 });
  const holdings = await ok<{ items: TrustHoldingView[] }>(request, 'get', 'trusts/holdings', { token });
  expect(holdings.items).toHaveLength(1);
  const value = sellValue(fill.units, nav);
  expect(holdings.items[0]).toMatchObject({ fundId: TOPIX_FUND.id, account: 'nisa_tsumitate', units: fill.units, nav, value, bookCost: fill.paid, pnl: value - fill.paid });

  // 7. 投信 → 保有: the holding with its units and 評価額, in NISA つみたて.
  await page.goto('/#/home/index');
  await screen(page).getByRole('navigation', { name: 'メニュー' }).getByRole('link', { name: '投信', exact: true }).click();
  await tabOf(page, '保有').click();
  await expect(page).toHaveURL(/tab=holdings/);
  const holding = screen(page).getByTestId(`trust-holding-${TOPIX_FUND.id}-nisa_tsumitate`);
  await expect(holding.locator('.pos__name')).toHaveText(TOPIX_FUND.ja);
  await expect(holding.locator('.account-badge')).toHaveText('NISAつみたて');
  await expect(figureOf(holding, '保有口数')).toHaveText(`${formatNumber(fill.units)}口`);
  await expect(figureOf(holding, '評価額')).toHaveText(formatMoney(value));
  await expect(figureOf(holding, '取得価額')).toHaveText(formatMoney(fill.paid));
  await flowShots(page, 'trusts-flow-6-holdings', () => screen(page).getByTestId('trust-holdings'));

  // 8. The records, tab 投資信託: the purchase line (and the reservation before it).
  await page.goto('/#/information/fundRecord');
  await tabOf(page, '投資信託').click();
  const records = screen(page).locator('.records');
  const purchase = records.locator('.record[data-kind="trust_purchase"]');
  await expect(purchase).toHaveCount(1);
  await expect(purchase).toContainText(TOPIX_FUND.ja);
  await expect(purchase).toContainText(formatNumber(fill.units));
  await expect(records.locator('.record[data-kind="trust_reserve"]')).toHaveCount(1);
  await flowShots(page, 'trusts-flow-7-records', () => purchase);

  // 9. The 積立 list: the run of 4 January (ordered) and the next run, 1 February.
  const after = await ok<PlansList>(request, 'get', 'plans', { token });
  expect(after.items[0]).toMatchObject({ nextRun: FLOW.nextRunDate });
  expect(after.items[0]!.recentRuns).toEqual([expect.objectContaining({ runDate: FLOW.runDate, status: 'ordered', amount: AMOUNT })]);
  expect(after.usage.frames.nisa_tsumitate.used).toBe(fill.paid);
  // The server's clock jumped days while seconds passed here: the list read at step 4 is still fresh to
  // the app's cache (10 s, persisted). The browser's clock moves on by the list's refresh interval (60 s),
  // as it would for a person looking at the list, and the list is read again.
  await page.goto('/#/home/tsumitate');
  await page.clock.runFor(PLANS_REFRESH_MS);
  await expect(planCard.getByTestId('plan-next')).toHaveText(formatIsoDate(FLOW.nextRunDate));
  const run = planCard.locator('.plan-run');
  await expect(run).toHaveCount(1);
  await expect(run).toHaveAttribute('data-run-status', 'ordered');
  await expect(run.locator('.plan-run__date')).toHaveText(formatIsoDate(FLOW.runDate));
  await expect(run.locator('.plan-run__what')).toHaveText(`発注 ${formatMoney(AMOUNT)}`);
  // This year's つみたて投資枠: what the run paid is used, the 11 runs left (February – December) planned.
  const frame = screen(page).getByTestId('plan-nisa').locator('[data-frame="nisa_tsumitate"]');
  await expect(figureOf(frame, '残り')).toHaveText(formatMoney(NISA_LIMITS.yearly.nisa_tsumitate - fill.paid));
  await expect(figureOf(frame, '今年の積立予定')).toHaveText(formatMoney(11 * AMOUNT));
  expect(after.planned.nisa_tsumitate).toBe(11 * AMOUNT);
  await flowShots(page, 'trusts-flow-8-plans-after', () => planCard);
});
