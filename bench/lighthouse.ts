// Lighthouse, mobile profile (docs/architecture.md, Budgets; docs/decisions/020-first-load-and-prerender.md):
// performance, LCP, TBT, CLS, accessibility and best practices of the login page, the market list,
// a stock detail and the trade tab, each in a fresh Debian Chromium (cold cache, no service worker)
// against the real server over the built PWA. Signed-in pages get the demo user's session in
// localStorage first, set from a same-origin page that is not the app (so nothing is cached).
//
// The `lighthouse` and `chrome-launcher` packages are loaded from node_modules or from
// $KABUTO_LIGHTHOUSE_DIR/node_modules (an install of their own). Dist: $KABUTO_DIST_DIR or ./dist;
// port $BENCH_PORT or 18955. Simulated throttling (Lighthouse's default): the figures are Lighthouse's
// model of a mid-range phone on a slow 4G link, not this machine's wall time.
//
// Each page is audited $KABUTO_LIGHTHOUSE_RUNS times (3 unless set), the pages taking turns, and each
// figure is its median over the runs: one run's TBT on this 2-core host varies several-fold from
// run to run (docs/decisions/020-first-load-and-prerender.md, "the host's share of the
// blocking time"), as Lighthouse's own guide on variability says to expect, and it advises the
// median of several runs.
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM, CHROMIUM_ARGS, DEMO, demoToken, startAppServer } from './app-server';
import type { Figure } from './ledger';
import { median } from './stats';
import { blockingFromTrace } from './trace-events';

export const LIGHTHOUSE_PAGES = [
  { name: 'login', path: '/#/login/login', signedIn: false },
  { name: 'market list', path: '/#/market/index', signedIn: true },
  { name: 'stock detail', path: '/#/market/stockDetail?code=7203', signedIn: true },
  { name: 'trade', path: '/#/trade/index', signedIn: true },
] as const;

export interface PageScores {
  page: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  accessibility: number;
  bestPractices: number;
  /** Failed audits of accessibility and best practices (id: title), to fix. */
  failed: string[];
  /** Why: the LCP element and its phases, the longest main-thread tasks, the scripts' boot-up cost. */
  diagnostics: string[];
  /**
   * Lighthouse's measure of this host's CPU (`environment.benchmarkIndex`). Its default 4× CPU
   * slowdown models a mid-tier phone on a high-end desktop (index 1500–2000); on a slower host the
   * same page gets a longer TBT, so figures from hosts of different index do not compare.
   */
  benchmarkIndex: number;
  /** The CPU slowdown the run used. */
  cpuSlowdown: number;
  /**
   * Lighthouse's blocking-time rule applied to the observed trace (bench/trace-events.ts): by the
   * tasks' wall time after the first paint, and by their CPU time (the page's own work alone).
   */
  traceTbt: { wallMs: number; cpuMs: number };
}

/**
 * The CPU slowdown multiplier: Lighthouse's default (4) unless $KABUTO_LIGHTHOUSE_CPU gives one
 * (Lighthouse's throttling guide, "CPU throttling", says to calibrate it to the host's benchmarkIndex).
 * The budgets (docs/architecture.md, Budgets) are judged at the default.
 */
export function cpuSlowdown(): number {
  const v = Number(process.env.KABUTO_LIGHTHOUSE_CPU);
  return Number.isFinite(v) && v >= 1 ? v : 4;
}

async function load(name: string): Promise<any> {
  const dir = process.env.KABUTO_LIGHTHOUSE_DIR;
  if (dir) {
    const require = createRequire(join(resolve(dir), 'package.json'));
    const entry = require.resolve(name);
    return import(pathToFileURL(entry).href);
  }
  return import(name);
}

/** Lighthouse's whole result for one page: the report (`lhr`) and the artifacts, its trace among them. */
export async function auditRun(url: string, path: string, token: string | null, categories = ['performance', 'accessibility', 'best-practices']): Promise<any> {
  const { default: lighthouse } = await load('lighthouse');
  const chromeLauncher = await load('chrome-launcher');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    if (token) {
      // The session in localStorage, written from a same-origin file that is not the app.
      const puppeteer = (await load('puppeteer-core')).default;
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(`${url}/icons/logo.svg`);
      await page.evaluate(
        (t: string, phone: string) => {
          localStorage.setItem('tokend', t);
          localStorage.setItem('account', phone);
          localStorage.setItem('language', 'jp');
        },
        token,
        DEMO.phone,
      );
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(`${url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      // Merged into the mobile profile's throttling, as the CLI's --throttling.cpuSlowdownMultiplier is.
      throttling: { cpuSlowdownMultiplier: cpuSlowdown() },
      // Keep the session just written (the cache is cold anyway: a fresh profile).
      disableStorageReset: token !== null,
    });
    return result;
  } finally {
    await chrome.kill();
  }
}

/** What a failed audit points at: the first elements or issue types. */
function detail(a: any): string {
  const items: any[] = a.details?.items ?? [];
  const what = items.slice(0, 3).map((i) => i.node?.snippet ?? i.issueType ?? i.subItems?.items?.[0]?.violatedDirective ?? JSON.stringify(i).slice(0, 120));
  const sub = items.flatMap((i) => i.subItems?.items ?? []).slice(0, 3).map((x: any) => JSON.stringify(x).slice(0, 200));
  return what.length ? ` [${what.join(' | ')}${sub.length ? ` ${sub.join(' | ')}` : ''}]` : '';
}

/**
 * Lighthouse's own diagnostics, one line each: the LCP element and its phases (TTFB, load delay,
 * load time, render delay), the longest main-thread tasks (start and duration, simulated, with the
 * script they are attributed to), the main-thread breakdown and the scripts' boot-up time.
 */
export function diagnostics(lhr: any): string[] {
  const out: string[] = [];
  const a = (id: string) => lhr.audits[id]?.details?.items ?? [];
  const ms = (v: unknown) => `${Math.round(Number(v))}`;
  const lcp = a('largest-contentful-paint-element');
  const node = lcp[0]?.items?.[0]?.node;
  if (node) out.push(`LCP element: ${node.snippet} (${node.selector ?? ''})`);
  const phases = lcp[1]?.items ?? [];
  if (phases.length) out.push(`LCP phases: ${phases.map((p: any) => `${p.phase} ${ms(p.timing)} ms`).join(', ')}`);
  const shorten = (u: string) => (u ? u.replace(/^https?:\/\/[^/]+/, '') : '(unattributed)');
  const tasks = [...a('long-tasks')].sort((x: any, y: any) => y.duration - x.duration).slice(0, 6);
  if (tasks.length) out.push(`long tasks: ${tasks.map((t: any) => `${ms(t.duration)} ms @${ms(t.startTime)} ${shorten(t.url)}`).join('; ')}`);
  const work = a('mainthread-work-breakdown').slice(0, 5);
  if (work.length) out.push(`main thread: ${work.map((w: any) => `${w.groupLabel ?? w.group} ${ms(w.duration)} ms`).join(', ')}`);
  const boot = a('bootup-time').slice(0, 5);
  if (boot.length) out.push(`boot-up: ${boot.map((b: any) => `${shorten(b.url)} ${ms(b.total)} ms (script ${ms(b.scripting)}, parse ${ms(b.scriptParseCompile)})`).join('; ')}`);
  return out;
}

function scores(page: string, run: any): PageScores {
  const lhr = run.lhr;
  const n = (id: string) => Math.round(Number(lhr.audits[id]?.numericValue ?? NaN));
  const failed: string[] = [];
  for (const cat of ['accessibility', 'best-practices']) {
    for (const ref of lhr.categories[cat].auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1) failed.push(`${ref.id}: ${a.title}${detail(a)}`);
    }
  }
  return {
    page,
    performance: Math.round(lhr.categories.performance.score * 100),
    lcpMs: n('largest-contentful-paint'),
    tbtMs: n('total-blocking-time'),
    cls: Math.round(Number(lhr.audits['cumulative-layout-shift'].numericValue) * 1000) / 1000,
    fcpMs: n('first-contentful-paint'),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories['best-practices'].score * 100),
    failed,
    diagnostics: diagnostics(lhr),
    benchmarkIndex: Math.round(Number(lhr.environment?.benchmarkIndex ?? NaN)),
    cpuSlowdown: Number(lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? NaN),
    traceTbt: blockingFromTrace(run.artifacts.Trace.traceEvents, Number(lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4)),
  };
}

/** How many times each page is audited: $KABUTO_LIGHTHOUSE_RUNS, else 3. */
export function lighthouseRuns(): number {
  const v = Number(process.env.KABUTO_LIGHTHOUSE_RUNS);
  return Number.isInteger(v) && v >= 1 ? v : 3;
}

/** A page's runs, and each figure's median over them (the bench's figures). */
export interface PageSummary {
  page: string;
  runs: PageScores[];
  median: { performance: number; lcpMs: number; tbtMs: number; cls: number; fcpMs: number; traceWallMs: number; traceCpuMs: number };
}

export function summarize(page: string, runs: PageScores[]): PageSummary {
  const m = (f: (r: PageScores) => number) => median(runs.map(f));
  return {
    page,
    runs,
    median: {
      performance: m((r) => r.performance),
      lcpMs: Math.round(m((r) => r.lcpMs)),
      tbtMs: Math.round(m((r) => r.tbtMs)),
      cls: m((r) => r.cls),
      fcpMs: Math.round(m((r) => r.fcpMs)),
      traceWallMs: Math.round(m((r) => r.traceTbt.wallMs)),
      traceCpuMs: Math.round(m((r) => r.traceTbt.cpuMs)),
    },
  };
}

export async function lighthouseScores(
  dist = resolve(process.env.KABUTO_DIST_DIR || 'dist'),
  port = Number(process.env.BENCH_PORT) || 18955,
  runs = lighthouseRuns(),
): Promise<PageSummary[]> {
  const server = await startAppServer(dist, port);
  try {
    const token = await demoToken(server.url);
    // $KABUTO_LIGHTHOUSE_PAGES: a comma-separated subset of the page names (e.g. "market list,trade").
    const only = process.env.KABUTO_LIGHTHOUSE_PAGES?.split(',').map((x) => x.trim());
    const pages = LIGHTHOUSE_PAGES.filter((p) => !only || only.includes(p.name));
    const byPage = new Map<string, PageScores[]>(pages.map((p) => [p.name, []]));
    // The pages take turns, so a slow spell of the host falls on all of them rather than on one.
    for (let i = 0; i < runs; i++) {
      for (const p of pages) {
        let run = await auditRun(server.url, p.path, p.signedIn ? token : null);
        // A run Lighthouse itself failed (about one in twelve here: no score, NaN metrics, best
        // practices 0) says nothing of the page: say so, and run it once more.
        if (run.lhr.runtimeError || run.lhr.categories.performance.score === null) {
          console.log(`  lighthouse ${p.name}: the run failed (${run.lhr.runtimeError?.code ?? 'no performance score'}); once more`);
          run = await auditRun(server.url, p.path, p.signedIn ? token : null);
        }
        byPage.get(p.name)!.push(scores(p.name, run));
      }
    }
    return pages.map((p) => summarize(p.name, byPage.get(p.name)!));
  } finally {
    await server.stop();
  }
}

export async function benchLighthouse(): Promise<Figure[]> {
  try {
    await load('lighthouse');
  } catch {
    console.log('  lighthouse is not installed: `npm install -D lighthouse chrome-launcher`, or set KABUTO_LIGHTHOUSE_DIR to an install of its own');
    return [];
  }
  const figures: Figure[] = [];
  for (const { page, runs, median: m } of await lighthouseScores()) {
    const each = (f: (r: PageScores) => number | string) => runs.map(f).join(', ');
    const failed = [...new Set(runs.flatMap((r) => r.failed))];
    const note =
      `median of ${runs.length}: LCP ${m.lcpMs} ms, TBT ${m.tbtMs} ms, CLS ${m.cls}, FCP ${m.fcpMs} ms; the trace's tasks after FCP by wall time ${m.traceWallMs} ms, by CPU time ${m.traceCpuMs} ms. ` +
      `Each run: performance ${each((r) => r.performance)}; TBT ${each((r) => r.tbtMs)} ms; a11y ${each((r) => r.accessibility)}; BP ${each((r) => r.bestPractices)}; ` +
      `host benchmarkIndex ${each((r) => r.benchmarkIndex)}, CPU ${runs[0]!.cpuSlowdown}×${failed.length ? `; failing: ${failed.join('; ')}` : ''}`;
    figures.push({ name: `lighthouse ${page}: performance`, value: m.performance, unit: '/100', note });
    if (process.env.KABUTO_LIGHTHOUSE_DIAG) for (const r of runs) for (const d of r.diagnostics) console.log(`    ${page}: ${d}`);
  }
  return figures;
}
