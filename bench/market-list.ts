// Market list under a live quote stream (docs/architecture.md, Budgets: "the market list stays at 60 fps with
// 50 updates per second, no long task > 50 ms"): frame intervals and long tasks of the app's
// virtualized board while its stream client receives 50 quotes a second, against the same list
// with no updates, in one headless Chromium run.
import { fileURLToPath } from 'node:url';
import { bundlePage, withBenchPage } from './browser';
import type { Figure } from './ledger';

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const pct = (xs: number[], p: number) => {
  const s = sorted(xs);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : 0;
};
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

interface RunResult {
  intervals: number[];
  longTasks: number[];
  patchMs: number[];
  emitted: number;
  rows: number;
}

export interface MarketListBenchOptions {
  /** Measured milliseconds per run (default 5000). */
  ms?: number;
  /** Quote events a second (default 50). */
  rate?: number;
}

export async function benchMarketList(opts: MarketListBenchOptions = {}): Promise<Figure[]> {
  const ms = opts.ms ?? 5000;
  const rate = opts.rate ?? 50;
  const bundle = await bundlePage('./market-page/entry.tsx', {
    define: { 'import.meta.env': '{}' },
    loader: { '.png': 'empty', '.svg': 'empty', '.woff2': 'empty' },
  });
  return withBenchPage(bundle, { bodyTag: '<body>', bodyHtml: '<div id="root"></div>' }, async (page, errors) => {
    await page.waitForFunction(() => typeof window.marketBench === 'object' && window.marketBench.ready(), null, { timeout: 30_000 });
    if (errors.length) throw new Error(`market bench page: ${errors.join('; ')}`);

    // Warm up, then alternate baseline and stream runs (two of each), so neither always runs first.
    await page.evaluate(() => window.marketBench.run('stream', 1000));
    const runs: Record<'baseline' | 'stream', RunResult[]> = { baseline: [], stream: [] };
    for (const kind of ['baseline', 'stream', 'stream', 'baseline'] as const) {
      runs[kind].push(await page.evaluate(([k, m, r]) => window.marketBench.run(k, m, r), [kind, ms, rate] as const));
    }
    if (errors.length) throw new Error(`market bench page: ${errors.join('; ')}`);

    const all = (kind: 'baseline' | 'stream', f: (r: RunResult) => number[]) => runs[kind].flatMap(f);
    const bi = all('baseline', (r) => r.intervals);
    const si = all('stream', (r) => r.intervals);
    const fps = (xs: number[]) => 1000 / mean(xs);
    const slow = (xs: number[]) => xs.filter((x) => x > 1000 / 60 * 1.5).length / Math.max(1, xs.length);
    const events = runs.stream.reduce((s, r) => s + r.emitted, 0);
    const seconds = (runs.stream.length * ms) / 1000;
    const patches = all('stream', (r) => r.patchMs);
    const note = `${runs.stream[0]?.rows ?? 0} rows in the DOM of 300, 390×844 @2x, headless Chromium --disable-gpu, 2 × ${ms / 1000} s each`;
    const figures: Figure[] = [
      { name: 'market list fps, stream 50/s', value: round(fps(si)), unit: 'fps', note: `${round(events / seconds)} quote events/s through QuoteStream → applyQuotes → BoardView, cache persisted as in the app; ${note}` },
      { name: 'market list fps, baseline', value: round(fps(bi)), unit: 'fps', note: 'same list, no updates' },
      { name: 'frame interval p95, stream', value: round(pct(si, 95)), unit: 'ms' },
      { name: 'frame interval p99, stream', value: round(pct(si, 99)), unit: 'ms' },
      { name: 'frame interval p95, baseline', value: round(pct(bi, 95)), unit: 'ms' },
      { name: 'frame interval p99, baseline', value: round(pct(bi, 99)), unit: 'ms' },
      { name: 'frames over 25 ms, stream', value: round(slow(si) * 100, 2), unit: '%' },
      { name: 'frames over 25 ms, baseline', value: round(slow(bi) * 100, 2), unit: '%' },
      { name: 'long tasks > 50 ms, stream', value: all('stream', (r) => r.longTasks).length, unit: 'count', note: `longest ${round(Math.max(0, ...all('stream', (r) => r.longTasks)))} ms` },
      { name: 'long tasks > 50 ms, baseline', value: all('baseline', (r) => r.longTasks).length, unit: 'count' },
      { name: 'cache patch per frame, mean', value: round(mean(patches), 3), unit: 'ms', note: `${patches.length} coalesced batches (≤ 1 per frame)` },
      { name: 'cache patch per frame, p99', value: round(pct(patches, 99), 3), unit: 'ms' },
      { name: 'p95 frame interval stream / baseline', value: round(pct(si, 95) / pct(bi, 95), 2), unit: '×' },
    ];
    for (const f of figures) console.log(`  ${f.name.padEnd(40)} ${String(f.value).padStart(8)} ${f.unit}${f.note ? `  (${f.note})` : ''}`);
    return figures;
  });
}

// Run directly: node --import tsx bench/market-list.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchMarketList();
}
