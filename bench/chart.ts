// Chart render benchmark: <PriceChart> with one year of 5-minute bars (candles + MA + MACD) against
// a plain uPlot line chart of the same closes, both in one headless Chromium run (docs/architecture.md, Budgets).
import { fileURLToPath } from 'node:url';
import { bundlePage, withBenchPage } from './browser';
import type { Figure } from './ledger';

export interface ChartBenchOptions {
  /** Measured runs per kind (default 15), after `warmup` unmeasured ones (default 3). */
  runs?: number;
  warmup?: number;
}

type Kind = 'chart-all' | 'chart-default' | 'baseline';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const round = (x: number, d = 1) => Math.round(x * 10 ** d) / 10 ** d;

export async function benchChartRender(opts: ChartBenchOptions = {}): Promise<Figure[]> {
  const runs = opts.runs ?? 15;
  const warmup = opts.warmup ?? 3;
  const bundle = await bundlePage('./chart-page/entry.tsx');
  return withBenchPage(bundle, { bodyTag: '<body style="margin:0">' }, async (page, errors) => {
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
  });
}

// Run directly: node --import tsx bench/chart.ts
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await benchChartRender();
}
