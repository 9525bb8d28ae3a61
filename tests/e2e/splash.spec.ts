import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expectCookieSession, newPhone, registerUser, sessionCookie } from './helpers';

/**
 * A start at the splash (/#/login/start, the installed app's start_url) draws it before the router
 * and TanStack Query have loaded (docs/decisions/020-first-load-and-prerender.md); the app starts
 * when the splash leaves, at the screen it leaves for.
 */

/** Scripts the page requested, in order, with the moment the app's splash replaced the prerendered one. */
async function watchStart(page: Page): Promise<{ scripts: string[]; drawnAfter: () => Promise<string[]> }> {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const w = window as unknown as { __splashDrawn?: number };
      if (w.__splashDrawn === undefined && document.querySelector('#root .splash') && !document.querySelector('[data-prerender]')) {
        w.__splashDrawn = performance.now();
        (w as unknown as { __scriptsAtDraw: string[] }).__scriptsAtDraw = performance
          .getEntriesByType('resource')
          .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || /\.js$/.test(new URL(e.name).pathname))
          .map((e) => new URL(e.name).pathname);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  return {
    scripts,
    drawnAfter: async () => {
      await page.waitForFunction(() => (window as unknown as { __splashDrawn?: number }).__splashDrawn !== undefined);
      return page.evaluate(() => (window as unknown as { __scriptsAtDraw: string[] }).__scriptsAtDraw);
    },
  };
}

test('a first visit: the splash is drawn without the router, then the welcome screen', async ({ page }) => {
  const start = await watchStart(page);
  await page.goto('/#/login/start');
  const atDraw = await start.drawnAfter();
  // What drew the splash: React and the entry, not the router, the route tree or Query.
  expect(atDraw.some((p) => /\/assets\/framework-/.test(p))).toBe(true);
  expect(atDraw.filter((p) => /\/assets\/(router|query|app)-/.test(p))).toEqual([]);
  // The first-load budget (docs/architecture.md, Budgets): ≤ 110 KB of gzip for those scripts.
  const dist = resolve(process.env.KABUTO_E2E_DIST || 'dist');
  const gzip = atDraw.reduce((sum, p) => sum + gzipSync(readFileSync(join(dist, p))).length, 0);
  expect(gzip).toBeLessThanOrEqual(110 * 1024);
  await expect(page.getByTestId('splash-welcome')).toBeVisible();
  // It leaves by itself for the welcome screen, drawn by the router.
  await expect(page).toHaveURL(/#\/login\/start1$/);
  await expect(page.getByRole('link', { name: '新規登録' })).toBeVisible();
  expect(start.scripts.some((p) => /\/assets\/router-/.test(p))).toBe(true);
});

test('「はじめての方へ」 on the splash opens the welcome screen at once', async ({ page }) => {
  await page.goto('/#/login/start');
  await page.getByTestId('splash-welcome').click();
  await expect(page).toHaveURL(/#\/login\/start1$/);
  await expect(page.getByRole('link', { name: 'ログイン' })).toBeVisible();
});

test('a welcomed, signed-out device goes to the login form; a signed-in one to home', async ({ page, request }) => {
  await page.goto('/#/login/start1');
  await expect(page.getByRole('link', { name: '新規登録' })).toBeVisible();
  await page.goto('/#/login/start');
  await expect(page).toHaveURL(/#\/login\/login$/);
  await expect(page.getByRole('button', { name: 'ログイン', exact: true })).toBeVisible();

  // Signed in by an older version of the app: the token in localStorage (`tokend`).
  const phone = newPhone();
  const token = await registerUser(request, phone, 'Kabuto-e2e-splash-7');
  await page.evaluate(
    ([t, p]) => {
      localStorage.setItem('tokend', t!);
      localStorage.setItem('account', p!);
    },
    [token, phone],
  );
  await page.goto('/#/login/start');
  await expect(page).toHaveURL(/#\/home\/index$/);
  // Home reads through Query: the layer loaded while the splash showed.
  await expect(page.locator('nav.tabbar')).toBeVisible();
  // My page reads user/info: the first signed-in answer moves that session into the httpOnly
  // cookie, and the key goes.
  await page.goto('/#/information/index');
  await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));
  await expect.poll(() => page.evaluate(() => localStorage.getItem('tokend'))).toBeNull();
  expect((await sessionCookie(page))?.value).toBe(token);
  await expectCookieSession(page);
  // …and the cookie alone keeps the user signed in.
  await page.reload();
  await expect(page.locator('.account-head__phone')).toContainText(phone.slice(-4));
  await expect(page).toHaveURL(/#\/information\/index$/);
});

/**
 * Counts the frames drawn while #root holds no element (a frame callback runs just before each
 * paint): the app must draw over the shell and the splash, never show an empty page in between.
 */
const EMPTY_ROOT_FRAMES = `(function(){var w=window;w.__emptyFrames=0;var watching=false;
  function frame(){var r=document.getElementById('root');if(r&&r.children.length===0){w.__emptyFrames++;requestAnimationFrame(frame)}else watching=false}
  new MutationObserver(function(){var r=document.getElementById('root');
    if(r&&r.children.length===0&&!watching){watching=true;requestAnimationFrame(frame)}
  }).observe(document,{subtree:true,childList:true});})()`;

for (const path of ['/#/login/login', '/#/login/start']) {
  test(`${path}: the app draws over the prerendered shell without an empty frame between`, async ({ page }) => {
    await page.addInitScript({ content: EMPTY_ROOT_FRAMES });
    await page.goto(path);
    await expect(page.locator('[data-prerender]')).toHaveCount(0);
    // The splash leaves for the welcome screen: the app's start after the router-free splash too.
    if (path === '/#/login/start') await expect(page).toHaveURL(/#\/login\/start1$/);
    await expect(page.locator('#root .app, #root .splash').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __emptyFrames: number }).__emptyFrames)).toBe(0);
  });
}
