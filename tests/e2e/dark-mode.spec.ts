import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { loginThroughUi, newPhone, ok, registerUser, reloadWithStream, shots } from './helpers';
import { adminToken } from './admin-passkey';

/**
 * Dark mode (issue 35 item 7): with a dark system the home, the stock detail (its chart and 板)
 * and the order ticket are drawn dark with light text; the setting's ライト overrides a dark system
 * and survives a reload; 端末の設定に合わせる follows the system again. The theme tokens and their
 * contrast: tests/unit/theme-contrast.test.ts. KABUTO_SHOTS: the three screens and the setting in
 * dark, in Japanese and English. The market clock is set inside trading hours (the 板 shows only
 * then: KABUTO_TEST_CONTROL, tests/e2e/env.ts) and given back after.
 */

test.use({ colorScheme: 'dark' });

let admin = '';
const setClock = (request: APIRequestContext, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });

test.beforeAll(async ({ request }) => {
  admin = await adminToken(request);
  await setClock(request, '2026-11-24T10:00:00+09:00');
});

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

const screen = (page: Page) => page.locator('.page:visible');

/** WCAG relative luminance of the first non-transparent background from `el` up (the page's white when none). */
async function backgroundLuminance(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const lum = (rgb: string) => {
      const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    for (let n: Element | null = node; n; n = n.parentElement) {
      const bg = getComputedStyle(n).backgroundColor;
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(bg)?.[1];
      if (bg !== 'transparent' && alpha !== '0') return lum(bg);
    }
    return 1;
  });
}

async function textLuminance(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const [r, g, b] = (getComputedStyle(node).color.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });
}

/** Dark background, light text (luminance: #17191d ≈ 0.01; #e8eaed ≈ 0.82, the lightened rise red ≈ 0.33). */
async function expectDark(el: Locator): Promise<void> {
  expect(await backgroundLuminance(el)).toBeLessThan(0.05);
  expect(await textLuminance(el)).toBeGreaterThan(0.3);
}

async function expectLight(el: Locator): Promise<void> {
  expect(await backgroundLuminance(el)).toBeGreaterThan(0.8);
  expect(await textLuminance(el)).toBeLessThan(0.1);
}

/**
 * How many of the main chart's pixels are drawn in `rgb` (±4 a channel): the grid's token colour
 * tells which theme the canvas was drawn with (dark #262a30, light #eceef1; global.css).
 */
async function chartPixels(page: Page, rgb: [number, number, number]): Promise<number> {
  const canvas = page.getByTestId('chart-box').locator('.pc canvas').first();
  await expect(canvas).toBeVisible();
  return canvas.evaluate((c: HTMLCanvasElement, [r, g, b]) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3]! > 200 && Math.abs(data[i]! - r) <= 4 && Math.abs(data[i + 1]! - g) <= 4 && Math.abs(data[i + 2]! - b) <= 4) n++;
    }
    return n;
  }, rgb);
}
const DARK_GRID: [number, number, number] = [0x26, 0x2a, 0x30];
const LIGHT_GRID: [number, number, number] = [0xec, 0xee, 0xf1];

/**
 * The visible texts of the page below WCAG AA against what is behind them (4.5:1; 3:1 for large
 * text: ≥ 24 px, or ≥ 18.66 px bold). Disabled controls are exempt (WCAG 1.4.3), as are texts over
 * an image or gradient, which this cannot measure. A translucent background is blended over the
 * one below it.
 */
async function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA => {
      const v = (c.match(/[\d.]+/g) ?? ['0', '0', '0', '0']).map(Number);
      return [v[0]!, v[1]!, v[2]!, v.length > 3 ? v[3]! : 1];
    };
    const over = (top: RGBA, below: RGBA): RGBA => {
      const a = top[3];
      return [top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a), 1];
    };
    const lum = ([r, g, b]: RGBA) => {
      const f = (x: number) => {
        const c = x / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    /** The colour behind `el`, or null behind an image or gradient. */
    const behind = (el: Element): RGBA | null => {
      const layers: RGBA[] = [];
      for (let n: Element | null = el; n; n = n.parentElement) {
        const st = getComputedStyle(n);
        if (st.backgroundImage !== 'none') return null;
        const bg = parse(st.backgroundColor);
        if (bg[3] > 0) layers.push(bg);
        if (bg[3] >= 1) break;
      }
      let out: RGBA = [255, 255, 255, 1];
      for (const l of layers.reverse()) out = over(l, out);
      return out;
    };
    const low: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walker.nextNode(); t; t = walker.nextNode()) {
      const el = t.parentElement;
      if (!el || !t.textContent?.trim() || !el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      if (el.closest('[disabled],[aria-disabled="true"],[aria-hidden="true"],[data-prerender]')) continue;
      const st = getComputedStyle(el);
      const bg = behind(el);
      if (!bg) continue;
      const fg = over(parse(st.color), bg);
      const [a, b] = [lum(fg), lum(bg)];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      const px = parseFloat(st.fontSize);
      const large = px >= 24 || (px >= 18.66 && Number(st.fontWeight) >= 700);
      if (ratio < (large ? 3 : 4.5)) low.push(`${el.className || el.tagName} "${t.textContent.trim().slice(0, 30)}": ${ratio.toFixed(2)}`);
    }
    return low;
  });
}

/** The stock detail reloaded and drawn: the chart's canvas and the 板. */
async function detailDrawn(page: Page): Promise<void> {
  await reloadWithStream(page);
  await expect(page.getByTestId('chart-box').locator('.pc canvas').first()).toBeVisible();
  await expect(page.locator('.depth-book').first()).toBeVisible();
}

test('a dark system draws home, stock detail and ticket dark; ライト overrides it and survives a reload', async ({ page, request }) => {
  test.setTimeout(180_000);
  const phone = newPhone();
  await registerUser(request, phone, 'dark-pass-1');
  await loginThroughUi(page, phone, 'dark-pass-1');

  // Home.
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expectDark(page.locator('body'));
  await expectDark(screen(page).locator('.topbar').first());
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#17191d');
  expect(await lowContrast(page)).toEqual([]);
  await shots(page, 'dark-home', reloadWithStream);

  // Stock detail: the quote, the chart (drawn with the dark tokens) and the 板.
  await page.goto('/#/market/stockDetail?code=7203');
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await expect(page.locator('.depth-book').first()).toBeVisible();
  await expectDark(page.getByTestId('quote-price'));
  await expectDark(page.locator('.depth-book td').first());
  await expect.poll(() => chartPixels(page, DARK_GRID)).toBeGreaterThan(100);
  expect(await lowContrast(page)).toEqual([]);
  expect(await chartPixels(page, LIGHT_GRID)).toBe(0);
  await shots(page, 'dark-stock-detail', detailDrawn);

  // The order ticket.
  await page.goto('/#/trade/index?code=7203');
  const ticket = screen(page).locator('.ticket');
  await expect(ticket.locator('.picker__name')).toHaveText('トヨタ自動車');
  await expectDark(ticket);
  await expectDark(ticket.locator('.picker__name'));
  expect(await lowContrast(page)).toEqual([]);
  await shots(page, 'dark-order-ticket', reloadWithStream);

  // The setting: ライト overrides the dark system, also after a reload.
  await page.goto('/#/information/setting');
  const themes = screen(page).getByRole('radiogroup', { name: '表示テーマ' });
  await expect(themes.getByRole('radio', { name: '端末の設定に合わせる' })).toHaveAttribute('aria-checked', 'true');
  await shots(page, 'dark-setting', reloadWithStream);
  await themes.getByRole('radio', { name: 'ライト' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectLight(page.locator('body'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectLight(screen(page).locator('.topbar').first());
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#ffffff');
  await expect(themes.getByRole('radio', { name: 'ライト' })).toHaveAttribute('aria-checked', 'true');

  // The chart follows: drawn with the light tokens again.
  await page.goto('/#/market/stockDetail?code=7203');
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await expect.poll(() => chartPixels(page, LIGHT_GRID)).toBeGreaterThan(100);
  expect(await lowContrast(page)).toEqual([]);
  expect(await chartPixels(page, DARK_GRID)).toBe(0);

  // ダーク on a light system; then the system's choice again.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/#/information/setting');
  await themes.getByRole('radio', { name: 'ダーク' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectDark(page.locator('body'));
  await themes.getByRole('radio', { name: '端末の設定に合わせる' }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expectLight(page.locator('body'));
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(page.locator('body'));
});
