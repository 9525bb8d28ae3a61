import uPlot from 'uplot';
import { candlePaths, histogramPaths } from './candles';
import { formatCompact, formatFixed, formatPrice, scaleDecimals } from '../../../shared/money';
import { formatAxisTime } from './format';
import { gesturesPlugin, type ViewController } from './gestures';
import { paneExtent, type ChartModel, type Pane } from './model';
import { paint, type ChartColors } from './theme';

/** uPlot options and data of one pane (main: candles or time-share lines; sub: the indicator). */

const AXIS_FONT = '10px -apple-system, BlinkMacSystemFont, "Hiragino Sans", "Noto Sans JP", sans-serif';
/** Width of the price axis on the right; the same for both panes so their plots line up. */
export const Y_AXIS_WIDTH = 54;
export const X_AXIS_HEIGHT = 20;
const INT_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1e3, 2e3, 2.5e3, 5e3, 1e4, 2e4, 5e4, 1e5, 2e5, 5e5, 1e6, 2e6, 5e6, 1e7, 2e7, 5e7, 1e8, 2e8, 5e8, 1e9];

export function paneData(model: ChartModel, pane: Pane): uPlot.AlignedData {
  const x = new Array<number>(model.n);
  for (let i = 0; i < model.n; i++) x[i] = i;
  const cols: (readonly (number | null)[])[] = [];
  if (pane.candles) {
    const c = new Array<number>(pane.candles.length);
    for (let i = 0; i < c.length; i++) c[i] = pane.candles[i]!.c;
    cols.push(c);
  }
  if (pane.bars) cols.push(pane.bars.values);
  for (const line of pane.lines) cols.push(line.values);
  return [x, ...cols] as unknown as uPlot.AlignedData;
}

/** The y range of a pane over the bars in view. */
export function paneRange(pane: Pane, lo: number, hi: number): [number, number] {
  if (pane.range === 'percent') return [0, 100];
  const ext = paneExtent(pane, lo, hi);
  if (pane.range === 'zero') return [0, ext && ext[1] > 0 ? ext[1] * 1.15 : 1];
  if (pane.range === 'base' && pane.base !== undefined) {
    const base = pane.base;
    const dev = Math.max(ext ? Math.max(Math.abs(ext[0] - base), Math.abs(ext[1] - base)) : 0, Math.abs(base) * 0.002, 1) * 1.1;
    return [base - dev, base + dev];
  }
  if (!ext) return [0, 1];
  const [min, max] = ext;
  const pad = max > min ? (max - min) * 0.08 : Math.max(1, Math.abs(max) * 0.01);
  return [min - pad, max + pad];
}

/** The model the charts draw; replaced in place when new data of the same shape arrives. */
export interface LiveModel {
  model: ChartModel;
}

export interface PaneArgs {
  live: LiveModel;
  which: 'main' | 'sub';
  ctl: ViewController;
  width: number;
  height: number;
  up: string;
  down: string;
  /** The theme's chart tokens (theme.ts), read when the theme changed. */
  colors: ChartColors;
  syncKey: string;
  locale: string;
  onCursor?: (idx: number | null) => void;
}

export function paneOptions(a: PaneArgs): uPlot.Options {
  const { live, ctl } = a;
  // The series layout comes from the model at creation; values are read from `live` at draw time.
  const shape = live.model;
  const paneOf = (m: ChartModel): Pane => (a.which === 'main' ? m.main : m.sub);
  const pane = paneOf(shape);
  const yKey = a.which === 'main' ? 'y' : 'v';
  const showX = a.which === 'sub';

  const series: uPlot.Series[] = [{}];
  if (pane.candles) {
    series.push({ scale: yKey, paths: candlePaths(() => paneOf(live.model).candles ?? [], a.up, a.down), points: { show: false }, stroke: a.up, width: 0 });
  }
  if (pane.bars) {
    series.push({ scale: yKey, paths: histogramPaths(() => paneOf(live.model).bars, a.up, a.down), points: { show: false }, stroke: a.up, width: 0 });
  }
  for (const line of pane.lines) {
    series.push({ scale: yKey, stroke: paint(a.colors, line.color), width: 1.25, dash: line.dash, points: { show: false }, spanGaps: false });
  }

  const stepOf = (splits: number[]) => (splits.length > 1 ? Math.abs(splits[1]! - splits[0]!) : 0);
  const yValues = (_u: uPlot, splits: number[]): string[] => {
    const step = stepOf(splits);
    const ps = live.model.priceScale;
    switch (pane.format) {
      case 'price': {
        const d = step > 0 && step < ps ? Math.min(scaleDecimals(ps), Math.ceil(-Math.log10(step / ps))) : 0;
        return splits.map((v) => formatPrice(v, ps, d));
      }
      case 'priceDelta': {
        const s = step / ps;
        const d = s > 0 && s < 1 ? Math.min(4, Math.ceil(-Math.log10(s))) : 0;
        return splits.map((v) => formatFixed(v / ps, d));
      }
      case 'volume':
        return splits.map((v) => formatCompact(v, a.locale));
      case 'plain':
        return splits.map((v) => formatFixed(v, step > 0 && step < 1 ? 1 : 0));
    }
  };

  const xValues = (u: uPlot, splits: number[]): string[] => {
    const { t: times, period } = live.model;
    let prev: number | null = null;
    return splits.map((s) => {
      const t = times[Math.round(s)];
      if (!showX || t === undefined || Math.round(s) !== s) return '';
      const label = formatAxisTime(t, prev, period);
      // A label centred too close to the left edge would be cut off: skip it.
      if (u.valToPos(s, 'x') < label.length * 3.2) return '';
      prev = t;
      return label;
    });
  };

  const axisColor = paint(a.colors, 'var(--chart-axis)');
  const grid = { stroke: paint(a.colors, 'var(--chart-grid)'), width: 1 };
  const visible = (): [number, number] => [Math.max(0, Math.ceil(ctl.view.min)), Math.min(live.model.n - 1, Math.floor(ctl.view.max))];

  return {
    width: a.width,
    height: a.height,
    legend: { show: false },
    // Room above and below the plot for the price labels at its edges (the sub pane has its time axis below).
    padding: [6, 0, a.which === 'main' ? 6 : 0, 4],
    cursor: {
      sync: { key: a.syncKey, setSeries: false, scales: ['x', yKey] },
      points: { show: false },
      drag: { x: false, y: false, setScale: false },
      // Pan, zoom and double-click are ours (gestures.ts); uPlot keeps hover and the crosshair.
      // A touch crosshair ignores the emulated mouseleave Chrome sends after a tap when a real
      // mouse sits elsewhere (hybrid devices); it goes away on the next tap instead.
      bind: {
        mousedown: () => null,
        mouseup: () => null,
        dblclick: () => null,
        mouseleave: (_u, _targ, handler) => (e) => (ctl.crosshair ? null : handler(e)),
      },
      // Snap the vertical line to the centre of the bar under the pointer.
      move: (u, left, top) => {
        const last = live.model.n - 1;
        if (left < 0 || last < 0) return [left, top];
        const i = Math.min(last, Math.max(0, Math.round(u.posToVal(left, 'x'))));
        return [u.valToPos(i, 'x'), top];
      },
    },
    scales: {
      x: { time: false, range: () => [ctl.view.min, ctl.view.max] },
      [yKey]: { range: () => paneRange(paneOf(live.model), ...visible()) },
    },
    axes: [
      {
        scale: 'x',
        space: 70,
        incrs: INT_INCRS,
        size: showX ? X_AXIS_HEIGHT : 0,
        gap: 2,
        font: AXIS_FONT,
        stroke: axisColor,
        grid,
        ticks: { show: false },
        values: xValues,
      },
      {
        scale: yKey,
        side: 1,
        size: Y_AXIS_WIDTH,
        gap: 4,
        space: a.which === 'main' ? 36 : 28,
        incrs: pane.format === 'price' || pane.format === 'volume' ? INT_INCRS : undefined,
        font: AXIS_FONT,
        stroke: axisColor,
        grid,
        ticks: { show: false },
        values: yValues,
      },
    ],
    series,
    hooks: a.onCursor ? { setCursor: [(u) => a.onCursor!(u.cursor.idx ?? null)] } : {},
    plugins: [gesturesPlugin(ctl)],
  };
}
