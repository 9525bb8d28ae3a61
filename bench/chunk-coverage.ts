/**
 * A diagnostic, not a figure of `npm run bench`: how much of each JavaScript chunk a page load runs,
 * by function (docs/decisions/020-first-load-and-prerender.md, follow-up "compile hints, and
 * uPlot's Intl"). For each chunk the
 * pages load, the share of its function source that ran at least once. A chunk whose functions
 * mostly run is worth compiling eagerly off the main thread (`//# allFunctionsCalledOnLoad`,
 * scripts/vite-compile-hints.ts); one that mostly does not is better left to V8's lazy compilation.
 *
 *   npm run build
 *   node --import tsx bench/chunk-coverage.ts dist
 *
 * Debian's Chromium, 390×844, signed in as the demo user; each page in a fresh context (cold cache,
 * no service worker), as Lighthouse loads it.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, demoToken, signInPage, startAppServer } from './app-server';

const PAGES = [
  { name: 'login', path: '/#/login/start', signedIn: false },
  { name: 'market list', path: '/#/market/index', signedIn: true },
  { name: 'stock detail', path: '/#/market/stockDetail?code=7203', signedIn: true },
  { name: 'trade', path: '/#/trade/index', signedIn: true },
];

interface FunctionCoverage {
  functionName: string;
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  url: string;
  functions: FunctionCoverage[];
}

/** Source bytes inside functions, and those of them in functions that ran (outermost function ranges, nested ones not counted twice). */
function ranShare(script: ScriptCoverage): { total: number; ran: number } {
  // The first function is the script itself; its range covers everything.
  const fns = script.functions.slice(1).map((f) => f.ranges[0]!).sort((a, b) => a.startOffset - b.startOffset);
  let total = 0;
  let ran = 0;
  let reach = -1;
  for (const r of fns) {
    if (r.startOffset < reach) continue; // nested: counted with its outermost function
    const bytes = r.endOffset - r.startOffset;
    total += bytes;
    // An outermost function that ran: its bytes count as run, except its nested functions that did not.
    if (r.count > 0) ran += bytes - notRunInside(fns, r);
    reach = r.endOffset;
  }
  return { total, ran };
}

function notRunInside(fns: { startOffset: number; endOffset: number; count: number }[], outer: { startOffset: number; endOffset: number }): number {
  let bytes = 0;
  let reach = -1;
  for (const r of fns) {
    if (r.startOffset <= outer.startOffset || r.endOffset > outer.endOffset || r.startOffset < reach) continue;
    if (r.count === 0) {
      bytes += r.endOffset - r.startOffset;
      reach = r.endOffset;
    }
  }
  return bytes;
}

const dist = process.argv[2] ?? 'dist';
const server = await startAppServer(dist, Number(process.env.BENCH_PORT) || 18979);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const perChunk = new Map<string, { size: number; pages: Map<string, number> }>();
try {
  const token = await demoToken(server.url);
  for (const p of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (p.signedIn) await signInPage(page, server.url, token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: false });
    await page.goto(`${server.url}${p.path}`);
    await page.waitForTimeout(5_000);
    const { result } = (await cdp.send('Profiler.takePreciseCoverage')) as unknown as { result: ScriptCoverage[] };
    for (const script of result) {
      const m = /\/(assets\/[^/?]+\.js|app\.js)/.exec(script.url);
      if (!m) continue;
      const name = m[1]!.replace(/^assets\//, '').replace(/\.js$/, '');
      const { total, ran } = ranShare(script);
      const entry = perChunk.get(name) ?? { size: total, pages: new Map() };
      entry.pages.set(p.name, total ? ran / total : 1);
      perChunk.set(name, entry);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

const pct = (x: number | undefined) => (x === undefined ? '   ·' : `${Math.round(100 * x)}%`.padStart(4));
console.log(`${'chunk'.padEnd(28)} ${'KB fn'.padStart(6)}  ${PAGES.map((p) => p.name.padStart(12)).join(' ')}`);
for (const [name, c] of [...perChunk].sort((a, b) => b[1].size - a[1].size)) {
  console.log(`${name.padEnd(28)} ${(c.size / 1024).toFixed(1).padStart(6)}  ${PAGES.map((p) => pct(c.pages.get(p.name)).padStart(12)).join(' ')}`);
}
