import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, registerUser, toast } from './helpers';
import { adminToken } from './admin-passkey';
import { formatPriceYen } from '../../src/shared/money';
import { roundToTick, type TickTable } from '../../src/shared/market/tick';

/**
 * Trading the way a Japanese investor expects (issue 13 "Must show"): 売り on a held stock sells
 * the holding (no short is opened), the portfolio row shows the average cost, a 逆指値 triggers on
 * the simulated market, and an IFDOCO's take-profit leg closes the position while its stop-loss
 * leg goes with it.
 *
 * The market is the simulator with the e2e seed; the test sets the server's clock
 * (KABUTO_TEST_CONTROL) and picks its prices from the day's real minute bars, read first, so each
 * trigger lies between the price when the order is placed and the day's later high.
 * 2026-11-27 (Friday) is a trading day.
 */

const jst = (hm: string) => `2026-11-27T${hm}:00+09:00`;
const PASSWORD = 'trading-jp-pass-1';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const runJobs = (request: APIRequestContext) => ok<{ at: number; trading: Record<string, number> }>(request, 'post', 'test/jobs/run', { token: admin });
const screen = (page: Page) => page.locator('.page:visible');

interface Quote {
  instrument: { code: string; tickTable: TickTable | null };
  quote: { price: number; ask: number | null; priceScale: number; limits: { upper: number; lower: number } | null };
}
interface Position {
  id: string;
  code: string;
  status: string;
  direction: 'up' | 'down';
  quantity: number;
  buyPrice: number | null;
  sellPrice: number | null;
  closeStop: number | null;
  closeLimitPrice: number | null;
  trigger: number | null;
  triggeredAt: number | null;
}
interface Holdings {
  stocks: { code: string; shares: number; averageCost: number; priceScale: number }[];
  margin: unknown[];
}

/** A price typed as the ticket shows it (¥2,345.5 → "2345.5"). */
const typed = (price: number, scale: number) => (price / scale).toFixed(Math.round(Math.log10(scale)));

/** A fresh user with ¥5,000,000 of journaled test funds. */
async function fundedUser(request: APIRequestContext): Promise<{ phone: string; token: string }> {
  const phone = newPhone();
  const token = await registerUser(request, phone, PASSWORD);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  await ok(request, 'post', `admin/users/${me.id}/grant`, {
    token: admin, key: true, body: { currency: 'JPY', amount: 5_000_000, reason: 'e2e: trading the Japanese way' },
  });
  return { phone, token };
}

/**
 * A stock and a price the market has not reached at `from` but reaches before `until`: the highest
 * tick at or below the day's high between them, above the price and the ask at `from`. Read from the
 * minute bars with the clock at `until`; the clock is then set back to `from`.
 */
async function reachedLater(request: APIRequestContext, from: string, until: string): Promise<{ code: string; price: number; at: Quote }> {
  for (const code of ['7203', '6758', '9984', '8306', '6501', '8035', '9432', '4063']) {
    await setClock(request, jst(until));
    const bars = await ok<{ bars: { t: number; h: number }[] }>(request, 'get', `market/candles/${code}?period=1m`);
    const after = bars.bars.filter((b) => b.t >= Date.parse(jst(from)) + 60_000);
    await setClock(request, jst(from));
    const at = await ok<Quote>(request, 'get', `market/quote/${code}`);
    const table = at.instrument.tickTable ?? 'other';
    const high = Math.max(...after.map((b) => b.h));
    const price = roundToTick(high, table, 'down');
    // Above both the last price and the ask: a trigger not yet reached when the order is placed.
    const base = Math.max(at.quote.ask ?? 0, at.quote.price);
    if (after.length > 0 && price > base) {
      // A job run at `from`, queued behind any background run that began while the clock was at
      // `until`: such a run would otherwise finish later, having missed the order, and record
      // `until` as seen, so the test's own run at `until` would find no minutes left to read.
      await runJobs(request);
      return { code, price, at };
    }
  }
  throw new Error(`no stock rose between ${from} and ${until} on this seed`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await ok(request, 'post', 'admin/config', { token: admin, body: { name: 'sellAfterDays', value: 0, reason: 'e2e: same-day selling (the default)' } });
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('売り on a held stock sells the holding — no short is opened — and the portfolio shows the average cost', async ({ page, request }) => {
  const user = await fundedUser(request);
  // Two purchases of トヨタ自動車 at two prices: the holding is 200 shares at their average cost.
  for (const hm of ['09:30', '10:30']) {
    await setClock(request, jst(hm));
    await ok(request, 'post', 'trade/orders', { token: user.token, key: true, body: { code: '7203', direction: 'up', type: 'market', lots: 1, leverage: 1 } });
  }
  await setClock(request, jst('11:00'));
  const holdings = await ok<Holdings>(request, 'get', 'trade/holdings', { token: user.token });
  const toyota = holdings.stocks.find((s) => s.code === '7203')!;
  expect(toyota.shares).toBe(200);

  await loginThroughUi(page, user.phone, PASSWORD);

  // The portfolio: one row for the stock, with the average cost the server computed.
  await page.goto('/#/trade/index');
  const row = screen(page).locator('[data-testid="holdings-stocks"] .holding[data-code="7203"]');
  await expect(row).toContainText('トヨタ自動車');
  await expect(row).toContainText('200株');
  await expect(row).toContainText(formatPriceYen(toyota.averageCost, toyota.priceScale));

  // The stock detail shows the position, and its 売り opens the ticket on 現物売 with the holding.
  await page.goto('/#/market/stockDetail?code=7203');
  await expect(screen(page).getByTestId('your-position')).toContainText('200株');
  await screen(page).locator('.trade-bar').getByRole('link', { name: '売り' }).click();
  await expect(page).toHaveURL(/#\/trade\/index\?.*direction=down/);
  const ticket = screen(page).locator('.ticket');
  await expect(ticket.getByRole('radio', { name: '現物売', exact: true })).toHaveAttribute('aria-checked', 'true');
  await expect(ticket.getByTestId('holding')).toContainText('200株');
  await expect(ticket.getByTestId('holding')).toContainText(formatPriceYen(toyota.averageCost, toyota.priceScale));
  await ticket.getByRole('button', { name: /全株/ }).click();
  await ticket.getByRole('button', { name: '売り注文の内容を確認' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('トヨタ自動車');
  await dialog.getByRole('button', { name: '売却する' }).click();
  await expect(toast(page)).toHaveText('売却しました');

  // Sold, not shorted: no holding left, no position sold short.
  const after = await ok<Holdings>(request, 'get', 'trade/holdings', { token: user.token });
  expect(after.stocks.find((s) => s.code === '7203')).toBeUndefined();
  expect(after.margin).toHaveLength(0);
  const all = await ok<{ items: Position[] }>(request, 'get', 'trade/positions?limit=100', { token: user.token });
  expect(all.items.filter((p) => p.direction === 'down')).toHaveLength(0);
  expect(all.items.filter((p) => p.code === '7203').map((p) => p.status)).toEqual(['closed', 'closed']);
});

test('a 逆指値 buy waits until the simulated market reaches its trigger, then fills', async ({ page, request }) => {
  const user = await fundedUser(request);
  const target = await reachedLater(request, '10:00', '14:00');
  const { priceScale } = target.at.quote;

  await loginThroughUi(page, user.phone, PASSWORD);
  await page.goto(`/#/trade/index?code=${target.code}&direction=up`);
  const ticket = screen(page).locator('.ticket');
  await expect(ticket.getByRole('radio', { name: '現物買', exact: true })).toHaveAttribute('aria-checked', 'true');
  await ticket.getByRole('radio', { name: '逆指値', exact: true }).click();
  const trigger = ticket.getByLabel('発動値段（逆指値）', { exact: true });
  await trigger.fill(typed(target.price, priceScale));
  await trigger.press('Enter');
  await expect(ticket.locator('[data-refusal]')).toHaveCount(0);
  await ticket.getByRole('button', { name: '買い注文の内容を確認' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '注文する' }).click();
  await expect(toast(page)).toHaveText('注文を受け付けました（約定待ち）');

  const waiting = (await ok<{ items: Position[] }>(request, 'get', 'trade/positions?status=pending', { token: user.token })).items[0]!;
  expect(waiting.code).toBe(target.code);
  expect(waiting.trigger).toBe(target.price);
  expect(waiting.triggeredAt).toBeNull();

  // The afternoon: the job reads the minutes since the order and finds the one that reached it.
  await setClock(request, jst('14:00'));
  const report = await runJobs(request);
  const filled = await ok<Position>(request, 'get', `trade/positions/${waiting.id}`, { token: user.token });
  // The run's own report with the row, so a failure says whether the job failed on an item (the
  // server's log, printed at the end of the run, has the error) or did not see the trigger.
  expect({ status: filled.status, triggeredAt: filled.triggeredAt, trading: report.trading }).toMatchObject({ status: 'holding', trading: { errors: 0 } });
  expect(filled.trigger).toBe(target.price);
  expect(filled.buyPrice!).toBeGreaterThanOrEqual(target.price);

  await page.goto(`/#/trade/positionDetail?id=${waiting.id}`);
  await expect(screen(page).locator('.pos-head .status')).toHaveText('保有中');
});

test('an IFDOCO: the fill places the OCO close, the take-profit leg closes it and the stop-loss leg goes with it', async ({ page, request }) => {
  const user = await fundedUser(request);
  const target = await reachedLater(request, '10:00', '14:30');
  const { priceScale, limits } = target.at.quote;
  const table = target.at.instrument.tickTable ?? 'other';
  // A stop-loss the day never reaches: a few ticks above the daily lower limit.
  const stop = roundToTick(limits!.lower + (target.at.quote.price - limits!.lower) / 4, table, 'down');

  await loginThroughUi(page, user.phone, PASSWORD);
  await page.goto(`/#/trade/index?code=${target.code}&direction=up`);
  const ticket = screen(page).locator('.ticket');
  await ticket.getByRole('radio', { name: 'IFDOCO', exact: true }).click();
  const takeProfit = ticket.getByLabel('決済の指値（利益確定）', { exact: true });
  await takeProfit.fill(typed(target.price, priceScale));
  await takeProfit.press('Enter');
  const stopLoss = ticket.getByLabel('決済の逆指値（損切り）', { exact: true });
  await stopLoss.fill(typed(stop, priceScale));
  await stopLoss.press('Enter');
  await ticket.getByRole('button', { name: '買い注文の内容を確認' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '注文する' }).click();
  await expect(toast(page)).toHaveText('注文が約定しました');

  // Filled at market; its close waits with both legs.
  const open = (await ok<{ items: Position[] }>(request, 'get', 'trade/positions?status=closing', { token: user.token })).items[0]!;
  expect(open.code).toBe(target.code);
  expect(open.closeLimitPrice).toBe(target.price);
  expect(open.closeStop).toBe(stop);
  await page.goto(`/#/trade/positionDetail?id=${open.id}`);
  await expect(screen(page).locator('.pos-head .status')).toHaveText('決済待ち');
  await expect(screen(page).locator('.info-list')).toContainText(formatPriceYen(target.price, priceScale));
  await expect(screen(page).locator('.info-list')).toContainText(formatPriceYen(stop, priceScale));

  // Later the price reaches the take-profit: the position closes at or above it, once.
  await setClock(request, jst('14:30'));
  await runJobs(request);
  const closed = await ok<Position>(request, 'get', `trade/positions/${open.id}`, { token: user.token });
  expect(closed.status).toBe('closed');
  expect(closed.sellPrice!).toBeGreaterThanOrEqual(target.price);
  await runJobs(request);
  const positions = await ok<{ items: Position[] }>(request, 'get', 'trade/positions?limit=100', { token: user.token });
  expect(positions.items).toHaveLength(1);
  expect(positions.items[0]!.status).toBe('closed');
  await page.reload();
  await expect(screen(page).locator('.pos-head .status')).toHaveText('決済済み');
  expect(closed.quantity).toBe(100);
});
