import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ok } from './helpers';
import { adminToken } from './admin-passkey';
import { myNumberUser, openNisaByApi, type NisaUser } from './nisa-steps';

/**
 * Steps of the 投資信託 and 積立 flow (issue 39, docs/domain.md "Investment trusts and 積立"): the
 * server's clock and job runs (KABUTO_TEST_CONTROL), a user with cash and an open NISA account, the
 * screens' parts, and the pictures taken in Japanese and English. Used by trusts-flow.spec.ts.
 */

/** The screen on display (kept-alive tab screens stay mounted, hidden). */
export const screen = (page: Page) => page.locator('.page:visible');

/**
 * The days of the flow, after every other spec's (the strategy funds' spec runs jobs up to 2026-12-23
 * 16:00; a fund is struck once per business day, in order, so a later spec must not go back before
 * the last strike). Thursday 2026-12-24 late morning: the plan is set; its first run date is the 1st,
 * a holiday (元日; the exchange is closed 31 December – 3 January), so it runs on Monday 2027-01-04:
 * from 10:00 the plans job places the order at that day's NAV (before the 15:30 cut-off), and from
 * 17:00 the NAV strike fills it.
 */
export const FLOW = {
  start: '2026-12-24T11:00:00+09:00',
  runDate: '2027-01-04',
  run: '2027-01-04T10:00:00+09:00',
  strike: '2027-01-04T17:00:00+09:00',
  /** The plan run after it: 1 February 2027 is a Monday. */
  nextRunDate: '2027-02-01',
} as const;

/** The fund of the flow (trusts/defaults.ts): つみたて投資枠 eligible, no 購入時手数料. */
export const TOPIX_FUND = { id: 'kabuto-topix', code: 'KB000001', ja: 'カブト・TOPIXインデックス・ファンド' } as const;

/**
 * The hooks of the spec, registered where it is called (its top level): the tests run in order, the
 * admin's token taken and the clock set to FLOW.start before all (the due jobs run, so the funds are
 * struck up to the last business day and show a 基準価額 and a history), the clock given back after all.
 * The admin's token is in `.admin` once the first hook has run.
 */
export function onFlowClock(): { admin: string } {
  const spec = { admin: '' };
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async ({ request }) => {
    // The first job run strikes every fund for every business day since its 設定日: time on a slow host.
    test.setTimeout(180_000);
    spec.admin = await adminToken(request);
    await setClock(request, spec.admin, FLOW.start);
    await runJobs(request, spec.admin);
  });
  test.afterAll(async ({ request }) => {
    await setClock(request, spec.admin, null);
  });
  return spec;
}

/** The server's clock (KABUTO_TEST_CONTROL) set to `at`; null gives it back to real time. */
export const setClock = (request: APIRequestContext, admin: string, at: string | null) => ok(request, 'post', 'test/clock', { token: admin, body: { at } });

/** The due jobs run now, at the server's clock (answers when they are done). */
export const runJobs = (request: APIRequestContext, admin: string) =>
  ok<Record<string, unknown>>(request, 'post', 'test/jobs/run', { token: admin });

/** The clock moved to `at` and the jobs due then run. */
export async function runAt(request: APIRequestContext, admin: string, at: string): Promise<Record<string, unknown>> {
  await setClock(request, admin, at);
  return runJobs(request, admin);
}

/**
 * A user verified with a My Number card, `grant` yen of cash, NISA opened (applied for and approved
 * through the API; the screens of that were issue 38's flow), signed in through the login screen.
 */
export async function nisaUser(page: Page, request: APIRequestContext, admin: string, opts: { password: string; grant: number }): Promise<NisaUser> {
  const user = await myNumberUser(page, request, admin, opts);
  await openNisaByApi(request, admin, user);
  const account = await ok<{ nisa: { state: string } }>(request, 'get', 'tax-account', { token: user.token });
  expect(account.nisa.state).toBe('approved');
  return user;
}

/** A tab of a screen, whether drawn as tab buttons (role tab) or as links (chips that set `?tab=`). */
export const tabOf = (page: Page, name: string): Locator =>
  screen(page).getByRole('tab', { name, exact: true }).or(screen(page).getByRole('link', { name, exact: true })).first();

/** The page reloaded, `target` drawn with its data, fonts loaded: before a picture. */
export const drawn = (target: (p: Page) => Locator) => async (p: Page) => {
  await p.reload();
  await expect(target(p)).toBeVisible({ timeout: 15_000 });
  await expect(p.locator('.first-load')).toHaveCount(0);
  await p.waitForFunction(() => document.fonts.status === 'loaded' && [...document.images].every((i) => i.complete || i.loading === 'lazy'));
};

/**
 * KABUTO_SHOTS=<dir>: the screen in Japanese and English (`<name>-ja.png`, `<name>-en.png`, the whole
 * page) and the 390×844 viewport as a person sees it first (`<name>-ja-top.png`…): the language
 * switched in storage, the page reloaded and drawn (`ready` shown: a locator that reads no words, so
 * it holds in either language), `restore` redoing what the reload forgot (a filter picked), then
 * Japanese again.
 */
export async function flowShots(page: Page, name: string, ready: (p: Page) => Locator, restore?: (p: Page) => Promise<void>): Promise<void> {
  const dir = process.env.KABUTO_SHOTS;
  if (!dir) return;
  const settle = async (p: Page) => {
    await drawn(ready)(p);
    await restore?.(p);
  };
  for (const [lang, suffix] of [['jp', 'ja'], ['en', 'en']] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', suffix);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${dir}/${name}-${suffix}-top.png` });
    await page.screenshot({ path: `${dir}/${name}-${suffix}.png`, fullPage: true });
  }
  await page.evaluate(() => localStorage.setItem('language', 'jp'));
  await settle(page);
}
