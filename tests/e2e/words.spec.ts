import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { addressOf, loginThroughUi, newPhone, ok, registerUser } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * Words and names (issue 35 item 6), 390×844: a verified user buys 三菱UFJ at market, exchanges yen
 * for dollars, applies for an IPO whose admin entered Traditional Chinese and Korean names, and buys
 * a block offer. The fill message names the company and writes the price as money; the records name
 * the stock in the reader's language and give the exchange its own 両替 line; the IPO list and
 * detail show the entered names; the block offer reads its discount as words and the purchase is
 * labelled ブロック取引, not 指値.
 *
 * With KABUTO_SHOTS=<dir> each screen is saved in ja, en, zh-Hant and ko.
 */

const SHOTS = process.env.KABUTO_SHOTS;
const PASSWORD = 'words-e2e-pass-1';
const jst = (s: string) => `2026-12-${s}+09:00`;
const NOW = jst('08T10:00:00');
const LANGS = [['jp', 'ja'], ['en', 'en'], ['tw', 'zh-Hant'], ['ko', 'ko']] as const;

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });
const screen = (page: Page) => page.locator('.page:visible');

/** The page in `lang` (storage switched, page reloaded), its screen drawn. */
async function inLanguage(page: Page, lang: (typeof LANGS)[number][0]): Promise<void> {
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.reload();
  await screen(page).first().waitFor();
  await expect(page.locator('.first-load')).toHaveCount(0);
}

/** The screen in the four languages (KABUTO_SHOTS), `ready` waited for in each; back to Japanese. */
async function shots4(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [lang, suffix] of LANGS) {
    await inLanguage(page, lang);
    await ready();
    await page.screenshot({ path: join(SHOTS, `${name}-${suffix}.png`), fullPage: true });
  }
  await inLanguage(page, 'jp');
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
  await ok(request, 'post', `admin/users/${me.id}/grant`, { token: admin, key: true, body: { currency: 'JPY', amount: yen, reason: '表記の動作確認用' } });
  return { token, id: me.id };
}

/** An IPO with names in four languages, under an unused code. */
async function createOffering(request: APIRequestContext): Promise<{ id: string; code: string }> {
  for (let i = 0; i < 20; i++) {
    const code = `${100 + Math.floor(Math.random() * 899)}A`;
    const res = await request.fetch('/api/vue/admin/ipo/offerings', {
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      data: JSON.stringify({
        kind: 'ipo', code, name: 'カブト・ロボティクス', nameEn: 'Kabuto Robotics', nameZhHant: '卡布托機器人', nameKo: '카부토로보틱스',
        kana: 'カブトロボティクス', segment: 'growth', sponsor: 'SMBC日興証券',
        priceLow: 18_000, priceHigh: 20_000, sharesOffered: 400, minLots: 1, minFunds: 100_000, repeatMax: 1,
        from: Date.parse(NOW) - 3_600_000, to: Date.parse(jst('09T15:00:00')), drawAt: Date.parse(jst('10T10:00:00')),
        paymentDue: Date.parse(jst('11T15:00:00')), listingDate: '2026-12-14', reason: 'e2e: 表記の確認用の案件',
      }),
    });
    const body = (await res.json()) as { status: number; data: { offering: { id: string; code: string } } };
    if (body.status === 1) return body.data.offering;
  }
  throw new Error('no unused IPO code');
}

const user = { phone: newPhone(), token: '' };
let offering = { id: '', code: '' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, NOW);
  user.token = (await verifiedUser(request, user.phone, 5_000_000)).token;
  const token = user.token;
  await ok(request, 'post', 'trade/orders', { token, key: true, body: { code: '8306', direction: 'up', type: 'market', lots: 3, leverage: 1 } });
  const quote = await ok<{ quoteId: string }>(request, 'post', 'fx/quote', { token, body: { from: 'JPY', to: 'USD', amount: 100_000 } });
  await ok(request, 'post', 'fx/exchange', { token, key: true, body: { quoteId: quote.quoteId } });
  offering = await createOffering(request);
  await ok(request, 'post', `ipo/offerings/${offering.id}/apply`, { token, key: true, body: { lots: 1 } });
  const now = Date.parse(NOW);
  const q = await ok<{ quote: { price: number } }>(request, 'get', 'market/quote/8306');
  const offer = await ok<{ id: string }>(request, 'post', 'admin/block/offers', {
    token: admin,
    // About 3 % below the market, in whole yen (on every tick table's grid here): the card reads "…% 割引".
    body: { code: '8306', price: Math.round((q.quote.price * 0.97) / 10) * 10, minShares: 200, sharesAvailable: 1000, lockDays: 2, from: now - 3600_000, to: now + 3 * 86_400_000, reason: 'e2e block offer' },
  });
  await ok(request, 'post', `block/offers/${offer.id}/buy`, { token, key: true, body: { shares: 200 } });
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

test('a fill message names the company and writes the price as money', async ({ page }) => {
  await loginThroughUi(page, user.phone, PASSWORD);
  await page.goto('/#/information/msgInfo');
  const box = screen(page).getByTestId('messages');
  await expect(box).toContainText(/三菱UFJフィナンシャル・グループ（8306）の買い注文が約定しました（300株、約定単価 ¥[\d,]+(\.\d)?）/);
  await shots4(page, 'words-messages', () => expect(box).toContainText('8306'));
});

test('the records name the stock in the reader’s language; an exchange has its own line', async ({ page }) => {
  await loginThroughUi(page, user.phone, PASSWORD);
  await page.goto('/#/information/fundRecord');
  const list = screen(page).locator('.records');
  const buy = list.locator('.record[data-memo="memo_buy"] .record__memo');
  await expect(buy).toHaveText(/^現物買付 三菱UFJフィナンシャル・グループ \(8306\) 300株 @ ¥[\d,]+(\.\d)?$/);
  await expect(list.locator('.record[data-kind="fx_exchange"] .record__line[data-line="fx"]')).toHaveCount(1);
  await expect(list.locator('.record[data-kind="fx_exchange"] .record__line[data-line="other"]')).toHaveCount(0);
  await expect(list.locator('.record[data-memo="memo_ipo_reserve"] .record__memo')).toContainText(`カブト・ロボティクス (${offering.code})`);
  await expect(list.locator('.record[data-memo="memo_block_buy"] .record__memo')).toContainText('ブロック取引 三菱UFJフィナンシャル・グループ (8306) 200株');

  await inLanguage(page, 'tw');
  await expect(buy).toContainText('三菱日聯金融集團 (8306)');
  await inLanguage(page, 'ko');
  await expect(buy).toContainText('미쓰비시UFJ파이낸셜그룹 (8306)');
  await inLanguage(page, 'jp');
  await shots4(page, 'words-records', () => expect(buy).toContainText('8306'));
});

test('the IPO list and detail show the names the admin entered per language', async ({ page }) => {
  await loginThroughUi(page, user.phone, PASSWORD);
  await page.goto('/#/home/newStock');
  const card = screen(page).getByTestId(`ipo-offering-${offering.code}`);
  await expect(card).toContainText('カブト・ロボティクス');
  await inLanguage(page, 'tw');
  await expect(card).toContainText('卡布托機器人');
  await inLanguage(page, 'ko');
  await expect(card).toContainText('카부토로보틱스');
  await inLanguage(page, 'en');
  await expect(card).toContainText('Kabuto Robotics');
  await inLanguage(page, 'jp');
  await shots4(page, 'words-ipo-list', () => expect(card).toBeVisible());
  await card.click();
  await expect(page).toHaveURL(/#\/home\/newStockBuy/);
  await shots4(page, 'words-ipo-detail', () => expect(screen(page).getByTestId('ipo-commitment')).toBeVisible());
});

test('a block offer reads its discount as words; the purchase is ブロック取引, not 指値', async ({ page }) => {
  await loginThroughUi(page, user.phone, PASSWORD);
  await page.goto('/#/home/blockTrade');
  const discount = screen(page).locator('.offer__discount').first();
  await expect(discount).toHaveText(/^\d+\.\d\d% 割引$/);
  await shots4(page, 'words-block-offers', () => expect(discount).toBeVisible());
  await page.goto('/#/home/blockTrade2');
  const row = screen(page).locator('.pos', { hasText: '8306' }).first();
  await expect(row.locator('.pos__meta')).toContainText('ブロック取引');
  await expect(row.locator('.pos__meta')).not.toContainText('指値');
  await shots4(page, 'words-block-orders', () => expect(row).toBeVisible());
});

test('保有証券 and the fund holdings name stocks and funds in the reader’s language', async ({ page, request }) => {
  // A fund whose admin entered its names in four languages; the user's subscription waits for the strike.
  const fund = `words-${Date.now().toString(36)}`;
  await ok(request, 'post', 'admin/strategies', {
    token: admin,
    body: {
      id: fund, kind: 'follow', name: '表記モデル フォロー', nameEn: 'Words Model (follow)', nameZhHant: '表記模型（跟單）', nameKo: '표기 모델(팔로우)',
      rule: 'follow_model', model: '表記モデル', params: { weights: ['8306:10000'], cashBufferBp: 200 },
      minAmount: 100_000, lockDays: 0, feeBp: 100, followUntil: '2026-12-31', reason: 'e2e: 表記の確認用のファンド',
    },
  });
  await ok(request, 'post', `strategies/${fund}/subscribe`, { token: user.token, key: true, body: { amount: 1_000_000 } });
  await loginThroughUi(page, user.phone, PASSWORD);

  await page.goto('/#/trade/index');
  const row = screen(page).locator('[data-testid="holdings-stocks"] .holding[data-code="8306"] .pos__name');
  await expect(row).toHaveText('三菱UFJフィナンシャル・グループ');
  await inLanguage(page, 'tw');
  await expect(row).toHaveText('三菱日聯金融集團');
  await inLanguage(page, 'ko');
  await expect(row).toHaveText('미쓰비시UFJ파이낸셜그룹');
  await inLanguage(page, 'jp');
  await shots4(page, 'words-holdings', () => expect(row).toBeVisible());

  await page.goto('/#/information/index');
  const card = screen(page).getByTestId('my-fund-holdings');
  await expect(card).toContainText('表記モデル フォロー');
  await inLanguage(page, 'tw');
  await expect(card).toContainText('表記模型（跟單）');
  await inLanguage(page, 'ko');
  await expect(card).toContainText('표기 모델(팔로우)');
  await inLanguage(page, 'en');
  await expect(card).toContainText('Words Model (follow)');
  await inLanguage(page, 'jp');
  await shots4(page, 'words-fund-holdings', async () => {
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
  });
});
