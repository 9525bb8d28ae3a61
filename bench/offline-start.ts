// Offline warm start (docs/architecture.md, Budgets: cached watchlist rows drawn ≤ 300 ms, ≤ 600 ms
// with a 4× slower CPU): the demo user's watchlist opened once online (service worker installed,
// queries persisted), then reloaded offline; the time from navigation start to the first row
// drawn, median of several reloads, at full speed and with Chromium's CPU throttled 4×.
// Dist: $KABUTO_DIST_DIR or ./dist; port $BENCH_PORT or 18954.
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, DEMO, demoToken, startAppServer } from './app-server';
import type { Figure } from './ledger';
import { median } from './stats';

const RELOADS = 7;

export async function benchOfflineStart(dist = resolve(process.env.KABUTO_DIST_DIR || 'dist'), port = Number(process.env.BENCH_PORT) || 18954): Promise<Figure[]> {
  const server = await startAppServer(dist, port);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const token = await demoToken(server.url);
    await fetch(`${server.url}/api/vue/watchlist/6758`, { method: 'PUT', headers: { token } });
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: 'allow', locale: 'ja-JP' });
    await context.addInitScript(
      ([t, phone]) => {
        if (!localStorage.getItem('tokend')) {
          localStorage.setItem('tokend', t);
          localStorage.setItem('account', phone);
        }
      },
      [token, DEMO.phone] as const,
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/#/favorite/index`);
    await page.locator('.qrow').first().waitFor();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    // The service worker controls the page after one reload; the persister saves within ~1 s.
    await page.reload();
    await page.locator('.qrow').first().waitFor();
    await page.waitForTimeout(2000);
    await context.setOffline(true);
    const cdp = await context.newCDPSession(page);
    const run = async (rate: number) => {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate });
      const times: number[] = [];
      for (let i = 0; i < RELOADS; i++) {
        await page.reload({ waitUntil: 'commit' });
        await page.waitForFunction(() => !!document.querySelector('.qrow'), null, { polling: 'raf', timeout: 30_000 });
        times.push(await page.evaluate(() => Math.round(performance.now())));
      }
      return times;
    };
    const fast = await run(1);
    const slow = await run(4);
    return [
      { name: 'offline start → watchlist rows (median)', value: median(fast), unit: 'ms', note: `${RELOADS} reloads: ${fast.join(', ')}` },
      { name: 'same, CPU 4× slower (median)', value: median(slow), unit: 'ms', note: slow.join(', ') },
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
