#!/usr/bin/env node
// `npm run build`'s budget check (docs/architecture.md "Budgets", docs/decisions/020-first-load-and-prerender.md):
// the JS that a real browser fetches for `/#/login/start` before the app has drawn that route.
//
// It starts the real server (bench/app-server.ts: src/server/main.ts, embedded SQLite in a temp dir) over the built PWA,
// opens the page in Debian's Chromium (playwright-core, no service worker: a first visit), and
// counts every script requested before the route's screen is drawn by the app — the prerendered
// shell in index.html does not count as drawn (it carries data-prerender until React replaces
// it). Sizes: gzip of each body (what the budget is written in) and the bytes on the wire (the
// server's precompressed brotli, headers included).
//
//   node scripts/size-report.mjs [distDir]      (default: $KABUTO_DIST_DIR or ./dist)
//   SIZE_REPORT_PORT=18951                      a fixed port (default: a free one)
//   KABUTO_SIZE_BUDGET=warn                     only warn on an overrun (the default fails the build)
//   --json                                      print the figures as JSON (for the benches)
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tsImport } from 'tsx/esm/api';

export const BUDGET_KB = 110;
const CHUNK_KB = 35;
// The server and browser settings the benches use (bench/app-server.ts; a .ts file, loaded through tsx).
const { CHROMIUM, CHROMIUM_ARGS, startAppServer } = await tsImport('../bench/app-server.ts', import.meta.url);
const root = new URL('..', import.meta.url).pathname;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/**
 * The real server over `dist` on `port` (bench/app-server.ts), without the demo user; resolves once it answers.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export function startServer(dist, port, extraEnv = {}) {
  return startAppServer(dist, port, { KABUTO_DEMO: '0', ...extraEnv });
}

/**
 * Open `${url}/#/login/start` in a fresh Chromium profile and return the scripts requested before the
 * app drew the route, with their gzip and on-the-wire sizes.
 */
export async function measureFirstLoad(url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, serviceWorkers: 'block', locale: 'ja-JP' });
    const page = await context.newPage();
    /** @type {import('playwright-core').Request[]} */
    const scripts = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req);
    });
    // The moment the app draws the route (epoch ms, the browser's clock): a mutation observer sees
    // the route's splash in #root with the prerendered shell gone, in the same task as React's commit.
    await page.addInitScript(() => {
      const w = /** @type {any} */ (window);
      const check = () => {
        if (w.__drawnAt === undefined && document.querySelector('#root .splash') && !document.querySelector('[data-prerender]')) w.__drawnAt = performance.timeOrigin + performance.now();
      };
      new MutationObserver(check).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${url}/#/login/start`);
    await page.waitForFunction(() => /** @type {any} */ (window).__drawnAt !== undefined, null, { timeout: 30_000 });
    const drawnAt = await page.evaluate(() => /** @type {any} */ (window).__drawnAt);
    await page.waitForLoadState('networkidle');
    const files = [];
    for (const req of scripts) {
      // Requested before the route was drawn (Chromium's request start, same clock as the page's).
      if (req.timing().startTime > drawnAt) continue;
      const res = await req.response();
      if (!res) continue;
      await res.finished();
      const body = await res.body();
      const sizes = await req.sizes();
      files.push({
        url: new URL(req.url()).pathname,
        gzip: gzipSync(body).length,
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        encoding: (await res.headerValue('content-encoding')) ?? 'identity',
      });
    }
    const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    await context.close();
    return { files, gzip: files.reduce((s, f) => s + f.gzip, 0), wire: files.reduce((s, f) => s + f.wire, 0), fcpMs: fcp };
  } finally {
    await browser.close();
  }
}

/** Chunks (outside the first load) over the per-chunk budget, from the files on disk. */
function bigChunks(dist, firstLoad) {
  const dir = join(dist, 'assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js') && !firstLoad.has(`/assets/${f}`))
    .map((f) => ({ file: f, gzip: gzipSync(readFileSync(join(dir, f))).length }))
    .filter((c) => c.gzip > CHUNK_KB * 1024);
}

async function main() {
  const json = process.argv.includes('--json');
  const dist = resolve(process.argv.slice(2).find((a) => !a.startsWith('--')) || process.env.KABUTO_DIST_DIR || join(root, 'dist'));
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`no build in ${dist}`);
  if (!existsSync(CHROMIUM)) {
    console.log(`\nFirst-load JS: not measured (no Chromium at ${CHROMIUM}; set KABUTO_CHROMIUM)`);
    return;
  }
  const port = Number(process.env.SIZE_REPORT_PORT) || (await freePort());
  const server = await startServer(dist, port);
  let m;
  try {
    m = await measureFirstLoad(server.url);
  } finally {
    await server.stop();
  }
  const over = m.gzip > BUDGET_KB * 1024;
  if (json) {
    console.log(JSON.stringify({ ...m, budgetKb: BUDGET_KB, over }, null, 2));
  } else {
    console.log(`\nFirst-load JS for /#/login/start (Chromium, before the route is drawn): ${m.files.length} files, ${kb(m.gzip)} gzip (budget ${BUDGET_KB} KB), ${kb(m.wire)} on the wire; first contentful paint ${m.fcpMs === null ? '—' : `${Math.round(m.fcpMs)} ms`}`);
    for (const f of [...m.files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${f.url.padEnd(48)} ${kb(f.gzip).padStart(9)} gzip ${kb(f.wire).padStart(9)} wire (${f.encoding})`);
    for (const c of bigChunks(dist, new Set(m.files.map((f) => f.url)))) console.log(`  chunk over ${CHUNK_KB} KB gzip: ${c.file} ${kb(c.gzip)}`);
  }
  if (over) {
    console.error(`  ⚠ first-load JS over budget: ${kb(m.gzip)} > ${BUDGET_KB} KB gzip`);
    if (process.env.KABUTO_SIZE_BUDGET !== 'warn') process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
