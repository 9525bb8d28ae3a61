import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { PriceChart } from '../../src/app/components/chart/PriceChart';
import type { Bar } from '../../src/shared/chart';

/*
 * Benchmark page (bundled by bench/chart.ts): one year of 5-minute bars, drawn either by
 * <PriceChart> (candles + MA + MACD) or by a plain uPlot line chart of the closes (baseline).
 * A run times mount → first frame fully rasterised (getImageData forces the canvas to flush).
 */

export type Kind = 'chart-all' | 'chart-default' | 'baseline';

const DAYS = 245;
const WIDTH = 390;

/** Deterministic random walk: 245 weekdays × 66 five-minute bars (TSE 09:00–11:30, 12:30–15:30). */
function makeBars(): Bar[] {
  let seed = 0x2545f491;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  const bars: Bar[] = [];
  let price = 23450;
  let day = Date.UTC(2025, 0, 6) - 9 * 3_600_000; // Mon 6 Jan 2025 00:00 JST
  for (let d = 0; d < DAYS; day += 86_400_000) {
    const wd = new Date(day + 9 * 3_600_000).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    d++;
    for (const [from, count] of [
      [9 * 60, 30],
      [12 * 60 + 30, 36],
    ] as const) {
      for (let k = 0; k < count; k++) {
        const o = price;
        const c = Math.max(10, Math.round(o * (1 + (rand() - 0.5) * 0.006)));
        const h = Math.max(o, c) + Math.round(rand() * 15);
        const l = Math.min(o, c) - Math.round(rand() * 15);
        bars.push({ t: day + (from + k * 5) * 60_000, o, h, l, c, v: 100 * Math.round(50 + rand() * 2000) });
        price = c;
      }
    }
  }
  return bars;
}

const bars = makeBars();
const closes = bars.map((b) => b.c);
const xs = bars.map((_, i) => i);

const yieldTask = () =>
  new Promise<void>((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

function renderChart(el: HTMLElement, all: boolean): () => void {
  const root = createRoot(el);
  flushSync(() =>
    root.render(<PriceChart bars={bars} period="min5" indicators={{ main: 'MA', sub: 'MACD' }} priceScale={10} visibleBars={all ? 'all' : undefined} />),
  );
  return () => root.unmount();
}

function renderBaseline(el: HTMLElement): () => void {
  const u = new uPlot(
    {
      width: WIDTH,
      height: 220,
      legend: { show: false },
      scales: { x: { time: false } },
      series: [{}, { stroke: '#1b3f7a', width: 1.25, points: { show: false } }],
    },
    [xs, closes],
    el,
  );
  return () => u.destroy();
}

async function run(kind: Kind): Promise<number> {
  const el = document.createElement('div');
  el.style.width = `${WIDTH}px`;
  document.body.append(el);
  await frame();
  const t0 = performance.now();
  const dispose = kind === 'baseline' ? renderBaseline(el) : renderChart(el, kind === 'chart-all');
  await yieldTask(); // uPlot commits (draws) in a microtask after construction
  for (const c of el.querySelectorAll('canvas')) c.getContext('2d')!.getImageData(0, 0, 1, 1);
  const ms = performance.now() - t0;
  const canvases = el.querySelectorAll('canvas').length;
  dispose();
  el.remove();
  if (canvases === 0) throw new Error(`${kind}: nothing drawn`);
  return ms;
}

declare global {
  interface Window {
    chartBench: { bars: number; run: (kind: Kind) => Promise<number> };
  }
}

window.chartBench = { bars: bars.length, run };
