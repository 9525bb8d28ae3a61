// Chart render benchmark: <PriceChart> with one year of 5-minute bars (candles + MA + MACD) against
// a plain uPlot line chart of the same closes, both in one headless Chromium run (DESIGN.md §10).
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

/** Same shape as the other benches' figures (bench/run.ts prints and stores them). */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

export interface ChartBenchOptions {
  /** Measured runs per kind (default 15), after `warmup` unmeasured ones (default 3). */
  runs?: number;
  warmup?: number;
}

type Kind = 'chart-all' | 'chart-default' | 'baseline';

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

async function bundle(): Promise<{ js: string; css: string }> {
  const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
  const out = await build({
    entryPoints: [here('./chart-page/entry.tsx')],
    bundle: true,
    write: false,
    outdir: '/virtual',
    format: 'iife',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@lingui/react/macro': here('./chart-page/lingui-macro-shim.tsx') },
    logLevel: 'silent',
  });
  const text = (ext: string) => out.outputFiles.filter((f) => f.path.endsWith(ext)).map((f) => f.text).join('\n');
  return { js: text('.js'), css: text('.css') };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export async function benchChartRender(opts: ChartBenchOptions = {}): Promise<Figure[]> {
  const runs = opts.runs ?? 15;
  const warmup = opts.warmup ?? 3;
  const { js, css } = await bundle();
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Escape "</script" so the bundle cannot end the inline script early.
    const script = js.replace(/<\/script/gi, '<\\/script');
    await page.setContent(`<!doctype html><html lang="ja"><head><meta charset="utf-8"><style>${css}</style></head><body style="margin:0"><script>${script}</script></body></html>`);
    await page.waitForFunction(() => typeof window.chartBench === 'object');
    if (errors.length) throw new Error(`chart bench page: ${errors.join('; ')}`);
    const bars = await page.evaluate(() => window.chartBench.bars);

    const kinds: Kind[] = ['baseline', 'chart-all', 'chart-default'];
    const times: Record<Kind, number[]> = { baseline: [], 'chart-all': [], 'chart-default': [] };
    for (let i = 0; i < warmup + runs; i++) {
      // Rotate the order so no kind always runs first (or right after a GC-heavy one).
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(i + k) % kinds.length]!;
        const ms = await page.evaluate((kd) => window.chartBench.run(kd), kind);
        if (i >= warmup) times[kind].push(ms);
      }
    }
    const base = median(times.baseline);
    const all = median(times['chart-all']);
    const view = median(times['chart-default']);
    const note = `${bars} bars, median of ${runs}, 390×844 @2x, headless Chromium --disable-gpu`;
    const figures: Figure[] = [
      { name: 'chart render, whole year in view', value: round(all), unit: 'ms', note: `${note}; candles + MA5/25/75 + MACD` },
      { name: 'chart render, default view', value: round(view), unit: 'ms', note: 'same data and indicators, the latest ~56 bars in view' },
      { name: 'baseline: uPlot line of the closes', value: round(base), unit: 'ms', note: 'no indicators, whole year' },
      { name: 'chart / baseline (whole year)', value: round(all / base, 2), unit: '×' },
      { name: 'chart / baseline (default view)', value: round(view / base, 2), unit: '×' },
    ];
    for (const f of figures) console.log(`  ${f.name.padEnd(40)} ${String(f.value).padStart(8)} ${f.unit}${f.note ? `  (${f.note})` : ''}`);
    return figures;
  } finally {
    await browser.close();
  }
}

// Run directly: node --import tsx bench/chart.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchChartRender();
}
