import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { addressOf, loginThroughUi, newPhone, ok, registerUser, reloadWithStream } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * IPO end to end (issue 14 "Must show"), 390×844 in Japanese: an admin creates an IPO; a verified
 * user finds it on the home IPO tab and applies through /home/ipo/subscribe; two other applicants
 * apply through the API; the admin (its own API session) advances the server clock past the window
 * and to the draw and runs the due jobs; the user sees 当選 in /home/ipo/sgList, purchases through
 * /home/ipo/sgBuy, the clock passes the payment due date and the listing date; the allotment is a
 * position in /trade/index; /home/ipo/sgjlDetail's verify button re-runs the draw in the browser and
 * agrees. With 4 units for 3 applicants, every applicant wins one unit in the draw's first round and
 * the last unit goes by units applied (the browser user applied for 1, so cannot win it): the user
 * always wins exactly one unit, while the draw still uses random numbers to check.
 * With KABUTO_SHOTS=<dir> the screens are saved in ja and en.
 */

const SHOTS = process.env.KABUTO_SHOTS;
const PASSWORD = 'ipo-e2e-pass-1';
const jst = (s: string) => `2026-12-${s}+09:00`;
const NOW = jst('14T10:00:00');
const WINDOW_TO = jst('15T15:00:00');
const DRAW_AT = jst('16T10:00:00');
const PAYMENT_DUE = jst('17T15:00:00');
const LISTING_DATE = '2026-12-18';

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const runJobs = (request: APIRequestContext) => ok(request, 'post', 'test/jobs/run', { token: admin });
const screen = (page: Page) => page.locator('.page:visible');

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  await page.screenshot({ path: join(SHOTS, `${name}-full.png`), fullPage: true });
}

/** The user's lists are kept (persisted query cache): reload until the screen shows the new state. */
async function reloadUntil(page: Page, locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(locator).toHaveText(text, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
}

async function png(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed * 40, g: 80, b: 160 } } }).png().toBuffer();
}

/** A registered user with a verified identity (submitted and approved through the API) and granted yen. */
async function verifiedUser(request: APIRequestContext, phone: string, yen: number): Promise<{ token: string; id: string }> {
  const token = await registerUser(request, phone, PASSWORD);
  const me = await ok<{ id: string }>(request, 'get', 'user/info', { token });
  const upload = async (purpose: string, seed: number) => {
    const res = await request.fetch(`/api/vue/uploads?purpose=${purpose}`, {
      method: 'POST', headers: { token, 'content-type': 'application/octet-stream', 'x-forwarded-for': addressOf(phone) }, data: await png(seed),
    });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  const sub = await ok<{ submission: { id: string } }>(request, 'post', 'kyc', {
    token,
    body: { name: '山田 花子', nameKana: 'ヤマダ　ハナコ', documentType: 'driver_licence', documentNumber: '123456789012', frontUploadId: await upload('kyc_front', 1), backUploadId: await upload('kyc_back', 2) },
  });
  await ok(request, 'post', `admin/kyc/${sub.submission.id}/approve`, { token: admin, body: { reason: '書類を確認しました' } });
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: yen, reason: 'IPOの動作確認用' } });
  return { token, id: me.id };
}

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, NOW);
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('apply → draw → 当選 → purchase → listing → position; the verify button agrees', async ({ page, request }) => {
  test.setTimeout(180_000);
  // An unused code for this run's new stock (the simulator's universe and earlier runs hold others).
  let offering: { id: string; code: string; commitment: string } | null = null;
  for (let i = 0; i < 20 && !offering; i++) {
    const code = `${100 + Math.floor(Math.random() * 899)}A`;
    const res = await request.fetch('/api/vue/admin/ipo/offerings', {
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      data: JSON.stringify({
        kind: 'ipo', code, name: 'カブト・ロボティクス', nameEn: 'Kabuto Robotics', kana: 'カブトロボティクス', segment: 'growth', sponsor: 'SMBC日興証券',
        priceLow: 18_000, priceHigh: 20_000, sharesOffered: 400, minLots: 1, minFunds: 100_000, repeatMax: 1,
        from: Date.parse(NOW) - 3_600_000, to: Date.parse(WINDOW_TO), drawAt: Date.parse(DRAW_AT), paymentDue: Date.parse(PAYMENT_DUE),
        listingDate: LISTING_DATE, reason: 'e2e: 新規上場の案件登録',
      }),
    });
    const body = (await res.json()) as { status: number; data: { offering: { id: string; code: string; commitment: string } } };
    if (body.status === 1) offering = body.data.offering;
  }
  expect(offering).not.toBeNull();
  const { id, code } = offering!;

  const phone = newPhone();
  const me = await verifiedUser(request, phone, 1_000_000);
  const others = [await verifiedUser(request, newPhone(), 1_000_000), await verifiedUser(request, newPhone(), 1_000_000)];

  // The user finds the offering on the home IPO tab and applies for 1 unit (100 shares).
  await loginThroughUi(page, phone, PASSWORD);
  await screen(page).getByRole('tab', { name: 'IPO' }).click();
  const card = screen(page).getByTestId(`ipo-offering-${code}`);
  await expect(card).toContainText('申込受付中');
  await shot(page, 'home-ipo-tab-ja');
  await card.click();
  await expect(page).toHaveURL(/#\/home\/newStockBuy/);
  await expect(screen(page).getByTestId('ipo-commitment')).toHaveText(offering!.commitment);
  await shot(page, 'newStockBuy-ja');
  await screen(page).getByTestId('ipo-go-apply').click();
  await expect(page).toHaveURL(/#\/home\/ipo\/subscribe/);
  await expect(screen(page).getByTestId('ipo-reserve')).toContainText('200,000');
  await shot(page, 'subscribe-ja');
  await screen(page).getByTestId('ipo-apply').click();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expect(page).toHaveURL(/#\/home\/ipo\/sgList/);
  await expect(screen(page).getByTestId(`ipo-app-${code}`).getByTestId('ipo-app-status')).toHaveText('申込中');
  await shot(page, 'sgList-applied-ja');

  // Two more applicants (3 units each) through the API.
  for (const o of others) await ok(request, 'post', `ipo/offerings/${id}/apply`, { token: o.token, key: true, body: { lots: 3 } });

  // The admin advances the clock: the window closes (pricing), then the draw.
  await setClock(request, jst('15T15:01:00'));
  await runJobs(request);
  await setClock(request, DRAW_AT);
  await runJobs(request);

  const mine = screen(page).getByTestId(`ipo-app-${code}`);
  await reloadUntil(page, mine.getByTestId('ipo-app-status'), '当選');
  await shot(page, 'sgList-won-ja');
  await mine.getByTestId('ipo-to-purchase').click();
  await expect(page).toHaveURL(/#\/home\/ipo\/sgBuy/);
  await shot(page, 'sgBuy-ja');
  await screen(page).getByTestId('ipo-purchase').click();
  await page.getByRole('dialog').getByRole('button', { name: '購入する', exact: true }).click();
  await expect(screen(page).getByTestId('ipo-app-status')).toHaveText('払込待ち');

  // Payment due, then the listing date's opening: the allotment is paid and becomes a position.
  await setClock(request, PAYMENT_DUE);
  const paid = await runJobs(request);
  const statusNow = async () => (await ok<{ items: { offeringId: string; status: string }[] }>(request, 'get', 'ipo/applications', { token: me.token })).items.find((x) => x.offeringId === id)?.status;
  expect(await statusNow(), JSON.stringify(paid)).toBe('payment_made');

  // Paid, not listed yet (issue 36 item 8): the allotment is 上場待ち under 保有証券 and on the asset
  // card, ¥200,000 (1 unit at the top of the range: 7 units applied for 4) until 2026.12.18.
  await page.goto('/#/trade/index');
  const awaiting = screen(page).getByTestId('holdings-awaiting').locator(`[data-code="${code}"]`);
  await expect(async () => {
    await page.reload();
    await expect(awaiting).toContainText('上場待ち', { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(awaiting).toContainText('¥200,000');
  await expect(awaiting).toContainText('2026.12.18');
  await shot(page, 'trade-awaiting-listing-ja');
  await page.goto('/#/information/index');
  const assetLine = screen(page).getByTestId('assets-awaiting').locator(`[data-code="${code}"]`);
  await expect(async () => {
    await page.reload();
    await expect(assetLine).toContainText(`上場待ち カブト・ロボティクス ${code} 100株 ¥200,000 上場日 2026.12.18`, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await shot(page, 'mine-awaiting-listing-ja');

  await setClock(request, `${LISTING_DATE}T09:00:00+09:00`);
  const listed = await runJobs(request);
  expect(await statusNow(), JSON.stringify(listed)).toBe('ended');
  await setClock(request, `${LISTING_DATE}T10:00:00+09:00`);

  await page.goto('/#/home/ipo/sgList');
  await reloadUntil(page, screen(page).getByTestId(`ipo-app-${code}`).getByTestId('ipo-app-status'), '終了（上場済み）');
  await shot(page, 'sgList-listed-ja');

  // The draw page: commitment, revealed seed, and the browser's own re-run agrees.
  await screen(page).getByTestId(`ipo-app-${code}`).getByTestId('ipo-to-draw').click();
  await expect(page).toHaveURL(/#\/home\/ipo\/sgjlDetail/);
  await expect(screen(page).getByTestId('ipo-draw-commitment')).toHaveText(offering!.commitment);
  await expect(screen(page).getByTestId('ipo-draw-seed')).toHaveText(/^[0-9a-f]{64}$/);
  await screen(page).getByTestId('ipo-verify').click();
  await expect(screen(page).getByTestId('ipo-verify-result')).toContainText('一致しました');
  await shot(page, 'sgjlDetail-ja');

  // The position is visible in the trading screen.
  await page.goto('/#/trade/index');
  await expect(screen(page).locator('.pos', { hasText: code }).first()).toBeVisible({ timeout: 15_000 });
  await expect(screen(page).getByText('読み込み中…')).toHaveCount(0);
  await shot(page, 'trade-position-ja');

  // The money records name the stock and show amounts with ¥ (issue 36 item 7).
  await page.goto('/#/information/fundRecord');
  const payment = screen(page).locator('.record[data-memo="memo_ipo_payment"] .record__memo');
  await expect(async () => {
    await page.reload();
    await expect(payment).toHaveText(`カブト・ロボティクス (${code}) 100株 @ ¥2,000 の払込`, { timeout: 8_000 });
  }).toPass({ timeout: 60_000 });
  await expect(screen(page).locator('.record[data-memo="memo_ipo_reserve"] .record__memo')).toHaveText(`カブト・ロボティクス (${code}) の申込 1単元（¥200,000を拘束）`);
  await shot(page, 'records-ipo-ja');

  // The market's Subscription board lists the offering too.
  await page.goto('/#/market/index');
  await screen(page).getByRole('tab', { name: '公募' }).click();
  await expect(screen(page).getByTestId(`ipo-offering-${code}`)).toBeVisible();
  await shot(page, 'market-subscription-ja');

  if (SHOTS) {
    // The same screens in English (catalog strings stay Japanese until the translations are merged).
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    for (const [path, name] of [
      ['/#/home/newStock', 'newStock-en'],
      [`/#/home/newStockBuy?id=${id}`, 'newStockBuy-en'],
      ['/#/home/ipo/sgList', 'sgList-en'],
      [`/#/home/ipo/sgjlDetail?id=${id}`, 'sgjlDetail-en'],
      ['/#/information/fundRecord', 'records-ipo-en'],
    ] as const) {
      await page.goto(path);
      await reloadWithStream(page); // drawn, with its fonts and images: waited for, not a fixed 800 ms
      await shot(page, name);
    }
    await page.evaluate(() => localStorage.setItem('language', 'jp'));
  }
});
