import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';
import { api, loginThroughUi, newPhone, ok, registerUser, reloadWithStream, shots as shotsWith } from './helpers';
import { adminToken, E2E_LOCAL_BASE, signInAdminThroughUi } from './admin-passkey';
import { Simulator } from '../../src/server/market-sim';

/**
 * Messages, news and customer service end to end (issue 17 "Must show"), 390×844 in Japanese:
 * the ニュース tab shows simulated and editorial news and opens an article (Markdown rendered, HTML
 * shown as text); a chat line reaches the admin's inbox in a second browser and the reply appears
 * live on the user's screen; a Web Push subscription is stored, a price alert crosses at a set
 * clock, the server's push (received and decrypted by a local test push service, as a browser's push
 * service would) is delivered to the PWA's service worker, which shows the notification.
 *
 * The server's clock (KABUTO_TEST_CONTROL) starts at Tuesday 2026-11-24 14:00 Tokyo, market open.
 */

const PASSWORD = 'messaging-pass-1';
const NOW = Date.parse('2026-11-24T14:00:00+09:00');
let admin = '';
const setClock = (request: APIRequestContext, at: number | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const runJobs = (request: APIRequestContext) => ok(request, 'post', 'test/jobs/run', { token: admin });
const screen = (page: Page) => page.locator('.page:visible');
/** KABUTO_SHOTS: this screen keeps a stream open, so a picture waits for the drawn screen, not an idle network. */
const shots = (page: Page, name: string) => shotsWith(page, name, reloadWithStream);

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, NOW);
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('the ニュース tab lists simulated and editorial news and opens an article', async ({ page, request }) => {
  test.setTimeout(120_000);
  await runJobs(request); // the session's market news
  await ok(request, 'post', 'admin/news', {
    token: admin,
    body: {
      content: {
        ja: { title: '年末年始の営業日のお知らせ', body: '## 営業日\n\n**12月31日**から**1月3日**までは休業です。\n\n<img src=x onerror=alert(1)> はそのまま表示されます。' },
        en: { title: 'Year-end business days', body: 'We are closed from **31 December** to **3 January**.\n\n<img src=x onerror=alert(1)> stays text.' },
      },
      reason: 'e2e: 年末年始のお知らせ',
    },
  });
  const phone = newPhone();
  await registerUser(request, phone, PASSWORD);
  await loginThroughUi(page, phone, PASSWORD);
  await page.getByRole('link', { name: 'ニュース' }).click();
  await expect(page).toHaveURL(/#\/home\/newsList/);
  const list = screen(page).getByTestId('news-list');
  await expect(list.locator('li').first()).toBeVisible();
  await expect(list).toContainText('シミュレーション');
  await expect(list).toContainText('編集部');
  await expect(list).toContainText('値上がり率 1位');
  await shots(page, 'news-list');
  await list.getByText('年末年始の営業日のお知らせ').click();
  await expect(page).toHaveURL(/#\/home\/newsDetail\?id=/);
  const body = screen(page).getByTestId('article-body');
  await expect(body.locator('strong').first()).toHaveText('12月31日');
  await expect(body).toContainText('<img src=x onerror=alert(1)>');
  expect(await body.locator('img').count()).toBe(0);
  await shots(page, 'news-article');
});

test('a chat line reaches the admin inbox in another browser; the reply appears live', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const phone = newPhone();
  await registerUser(request, phone, PASSWORD);
  await loginThroughUi(page, phone, PASSWORD);
  await page.goto('/#/information/service');
  await screen(page).getByLabel('メッセージ').fill('入金の反映について教えてください <b>至急</b>');
  await screen(page).getByRole('button', { name: '送信' }).click();
  await expect(screen(page).getByTestId('chat')).toContainText('入金の反映について教えてください <b>至急</b>');

  const adminContext = await browser.newContext({ baseURL: E2E_LOCAL_BASE });
  const adminPage = await adminContext.newPage();
  try {
    await signInAdminThroughUi(adminPage, request);
    await adminPage.goto('/#/admin/support');
    const thread = adminPage.getByTestId('support-threads').locator('li', { hasText: phone });
    await expect(thread).toContainText('入金の反映について');
    await thread.getByRole('button').click();
    await expect(adminPage.getByTestId('chat')).toContainText('<b>至急</b>');
    if (process.env.KABUTO_SHOTS) await adminPage.screenshot({ path: `${process.env.KABUTO_SHOTS}/admin-support-ja.png`, fullPage: true });
    await adminPage.getByLabel('返信').fill('お問い合わせありがとうございます。確認いたします。');
    await adminPage.getByRole('button', { name: '返信', exact: true }).click();
    // live: no reload on the user's side
    await expect(screen(page).getByTestId('chat')).toContainText('お問い合わせありがとうございます。確認いたします。');
    await expect(screen(page).locator('.chat-line:not(.chat-line--mine)')).toHaveCount(1);
    // The user's line reached the admin while the admin screen was open, too.
    await screen(page).getByLabel('メッセージ').fill('ありがとうございます');
    await screen(page).getByRole('button', { name: '送信' }).click();
    await expect(adminPage.getByTestId('chat')).toContainText('ありがとうございます');
  } finally {
    await adminContext.close();
  }
  await shots(page, 'support-chat');
  // The reply is also a message; the Mine tab carries the unread count.
  await page.goto('/#/information/msgInfo');
  await expect(screen(page).getByTestId('messages')).toContainText('カスタマーサポートから返信がありました');
  await shots(page, 'messages');
});

test('a Web Push subscription is stored; a crossed price alert reaches the service worker, which shows it', async ({ page, request, context }) => {
  test.setTimeout(120_000);
  // When does 7203 first trade above its 14:00 price? (The server's simulator, same seed.)
  const sim = new Simulator({ seed: 'kabuto' });
  const p0 = sim.quote('7203', NOW).price;
  let t1 = 0;
  for (let t = NOW + 60_000; t < NOW + 90 * 60_000; t += 60_000) {
    if (sim.quote('7203', t).price > p0) {
      t1 = t;
      break;
    }
  }
  expect(t1).toBeGreaterThan(0);
  const threshold = sim.quote('7203', t1).price;

  // A local push service: what the server sends arrives here, encrypted for this browser's keys.
  const received: Buffer[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks));
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await context.grantPermissions(['notifications']);
    const phone = newPhone();
    const token = await registerUser(request, phone, PASSWORD);
    await loginThroughUi(page, phone, PASSWORD);
    await page.evaluate(async () => navigator.serviceWorker.ready);

    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const auth = randomBytes(16);
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push/${randomUUID()}`;
    const bad = await api(request, 'post', 'push/subscriptions', { token, body: { endpoint, keys: { p256dh: 'AAAA', auth: auth.toString('base64url') } } });
    expect([bad.status, bad.body.msg]).toEqual([400, 'push_subscription_invalid']);
    await ok(request, 'post', 'push/subscriptions', { token, body: { endpoint, keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } } });

    // The alert, set on the stock's detail screen.
    await page.goto('/#/market/stockDetail?code=7203');
    const alerts = screen(page).locator('.stock-alerts');
    await alerts.getByLabel('通知する値').fill((threshold / 10).toFixed(1));
    await alerts.getByRole('button', { name: '設定' }).click();
    await expect(alerts.getByTestId('price-alerts')).toContainText('待機中');
    await shots(page, 'stock-alerts');

    await setClock(request, t1);
    await runJobs(request);
    await expect.poll(() => received.length).toBe(1);
    const payload = ece.decrypt(received[0]!, { version: 'aes128gcm', privateKey: keys, authSecret: auth.toString('base64url') }).toString('utf8');
    expect(JSON.parse(payload)).toMatchObject({ kind: 'price_alert', url: '/#/market/stockDetail?code=7203' });

    // Hand it to the PWA's service worker as the browser's push service would.
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: typeof registrations }) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
    const reg = registrations.find((r) => !r.isDeleted)!;
    // A push service retries a message it could not deliver; so does this stand-in. Headless
    // Chromium now and then drops a message delivered over CDP (about one run in four, with or
    // without this change's client code); the notification's tag makes a second delivery replace
    // the first, so exactly one must show.
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => `${n.title} ${n.body}`));
    for (let attempt = 1; ; attempt++) {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: reg.registrationId, data: payload });
      try {
        await expect.poll(shown, { timeout: 5_000 }).toEqual([expect.stringContaining('7203')]);
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }

    // Once: a second run fires nothing more; the message is in the box.
    await setClock(request, t1 + 60_000);
    await runJobs(request);
    expect(received).toHaveLength(1);
    await page.goto('/#/information/msgInfo');
    await expect(screen(page).getByTestId('messages')).toContainText('7203');
    await expect(page.getByTestId('tab-unread')).toHaveCount(0); // msgInfo is not a tab screen
    await page.goto('/#/information/index');
    await expect(page.getByTestId('tab-unread')).toBeVisible();
  } finally {
    server.close();
  }
});
