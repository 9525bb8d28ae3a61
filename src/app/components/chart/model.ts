import {
  boll,
  closes,
  ema,
  kdj,
  ma,
  macd,
  rsi,
  timeShare,
  vol,
  type Bar,
  type ChartPeriod,
  type Line,
} from '../../../shared/chart';
import { priceDecimals } from '../../../shared/money';

/*
 * What to draw, computed from the props without touching uPlot (pure, testable). Every series is
 * aligned with x = 0 … n−1.
 */

export type MainIndicator = 'MA' | 'EMA' | 'BOLL' | null;
export type SubIndicator = 'VOL' | 'MACD' | 'KDJ' | 'RSI';
export interface Indicators {
  main: MainIndicator;
  sub: SubIndicator;
}

export { DEFAULT_DOWN_COLOR, DEFAULT_UP_COLOR } from './colors';
/**
 * Overlay line colours (amber, purple, teal): distinct from both candle colours. Theme tokens
 * (styles/global.css): the legend's swatches use them as they are, the canvas through theme.ts.
 */
export const LINE_COLORS = ['var(--chart-1)', 'var(--chart-2)', 'var(--chart-3)'] as const;
export const PRICE_LINE_COLOR = 'var(--chart-price)';
export const AVG_LINE_COLOR = 'var(--chart-1)';
export const BASE_LINE_COLOR = 'var(--chart-base)';

/**
 * Moving-average periods by chart period, as Japanese charts commonly default: 5/25/75 days,
 * 13/26/52 weeks, 12/24/60 months; 5/25/75 bars intraday; 5/10 bars for the sparse 6-month and
 * yearly charts.
 */
export function defaultMaPeriods(period: ChartPeriod): number[] {
  switch (period) {
    case 'week':
      return [13, 26, 52];
    case 'month':
      return [12, 24, 60];
    case 'halfyear':
    case 'year':
      return [5, 10];
    default:
      return [5, 25, 75];
  }
}

/** Words the legend translates; everything else (MA5, DIF, K, RSI6 …) is a universal abbreviation. */
export type LabelKey = 'volume' | 'price' | 'avg';

export interface LineSpec {
  label: string;
  key?: LabelKey;
  values: readonly (number | null)[];
  color: string;
  dash?: number[];
  /** Drawn but not listed in the legend (a reference line). */
  hidden?: boolean;
}

/** A histogram coloured bar by bar (volume, MACD). */
export interface BarsSpec {
  label: string;
  key?: LabelKey;
  values: readonly (number | null)[];
  up: readonly boolean[];
}

export type ValueFormat = 'price' | 'priceDelta' | 'volume' | 'plain';

export interface Pane {
  /** Indicator name shown first in the pane's legend row (null: none). */
  title: string | null;
  titleKey?: LabelKey;
  format: ValueFormat;
  candles?: readonly Bar[];
  bars?: BarsSpec;
  lines: LineSpec[];
  /** auto: fit the visible data; zero: start at 0 (volume); percent: 0–100 (RSI); base: symmetric around `base`. */
  range: 'auto' | 'zero' | 'percent' | 'base';
  base?: number;
}

export interface ChartModel {
  mode: 'candles' | 'timeshare';
  period: ChartPeriod;
  n: number;
  t: readonly number[];
  main: Pane;
  sub: Pane;
  priceScale: number;
  /** Decimals for prices of this series (see priceDecimals in src/shared/money). */
  decimals: number;
}

export interface ModelInput {
  bars: readonly Bar[];
  period: ChartPeriod;
  indicators: Indicators;
  priceScale: number;
  maPeriods?: readonly number[];
  prevClose?: number;
}

function lines(labels: string[], values: Line[]): LineSpec[] {
  return values.map((v, i) => ({ label: labels[i]!, values: v, color: LINE_COLORS[i % LINE_COLORS.length]! }));
}

function mainOverlays(input: ModelInput, c: number[]): { title: string | null; lines: LineSpec[] } {
  const { indicators, period } = input;
  const periods = input.maPeriods ?? defaultMaPeriods(period);
  switch (indicators.main) {
    case 'MA':
      return { title: 'MA', lines: lines(periods.map((p) => `MA${p}`), periods.map((p) => ma(c, p))) };
    case 'EMA':
      return { title: 'EMA', lines: lines(periods.map((p) => `EMA${p}`), periods.map((p) => ema(c, p))) };
    case 'BOLL': {
      const b = boll(c, 20, 2);
      return { title: 'BOLL(20,2)', lines: lines(['MA20', '+2σ', '−2σ'], [b.mid, b.upper, b.lower]) };
    }
    default:
      return { title: null, lines: [] };
  }
}

function subPane(input: ModelInput, c: number[]): Pane {
  const { bars } = input;
  switch (input.indicators.sub) {
    case 'VOL': {
      const v = vol(bars);
      return {
        title: null,
        titleKey: 'volume',
        format: 'volume',
        bars: { label: '', key: 'volume', values: v.vol, up: bars.map((b) => b.c >= b.o) },
        lines: lines(['MA5', 'MA10'], [v.ma5, v.ma10]),
        range: 'zero',
      };
    }
    case 'MACD': {
      const m = macd(c, 12, 26, 9);
      return {
        title: 'MACD(12,26,9)',
        format: 'priceDelta',
        bars: { label: 'MACD', values: m.hist, up: m.hist.map((h) => (h ?? 0) >= 0) },
        lines: lines(['DIF', 'DEA'], [m.dif, m.dea]),
        range: 'auto',
      };
    }
    case 'KDJ': {
      const k = kdj(bars, 9, 3, 3);
      return { title: 'KDJ(9,3,3)', format: 'plain', lines: lines(['K', 'D', 'J'], [k.k, k.d, k.j]), range: 'auto' };
    }
    case 'RSI':
      return {
        title: 'RSI',
        format: 'plain',
        lines: lines(['RSI6', 'RSI12', 'RSI24'], [rsi(c, 6), rsi(c, 12), rsi(c, 24)]),
        range: 'percent',
      };
  }
}

export function buildModel(input: ModelInput): ChartModel {
  const { bars, period, priceScale } = input;
  if (period === 'timeshare') {
    const ts = timeShare(bars, { priceScale });
    const n = ts.t.length;
    const base = input.prevClose;
    const mainLines: LineSpec[] = [
      { label: '', key: 'price', values: ts.price, color: PRICE_LINE_COLOR },
      { label: '', key: 'avg', values: ts.avg, color: AVG_LINE_COLOR },
    ];
    if (base !== undefined) mainLines.push({ label: '', values: new Array<number>(n).fill(base), color: BASE_LINE_COLOR, dash: [4, 4], hidden: true });
    return {
      mode: 'timeshare',
      period,
      n,
      t: ts.t,
      main: { title: null, format: 'price', lines: mainLines, range: base !== undefined ? 'base' : 'auto', base },
      sub: {
        title: null,
        titleKey: 'volume',
        format: 'volume',
        bars: {
          label: '',
          key: 'volume',
          values: ts.volume,
          up: ts.price.map((p, i) => p >= (i > 0 ? ts.price[i - 1]! : (base ?? p))),
        },
        lines: [],
        range: 'zero',
      },
      priceScale,
      decimals: priceDecimals(ts.price, priceScale),
    };
  }
  const c = closes(bars);
  const overlays = mainOverlays(input, c);
  return {
    mode: 'candles',
    period,
    n: bars.length,
    t: bars.map((b) => b.t),
    main: { title: overlays.title, format: 'price', candles: bars, lines: overlays.lines, range: 'auto' },
    sub: subPane(input, c),
    priceScale,
    decimals: priceDecimals(allPrices(bars), priceScale),
  };
}

function allPrices(bars: readonly Bar[]): number[] {
  const out: number[] = [];
  for (const b of bars) out.push(b.o, b.h, b.l, b.c);
  return out;
}

/** Lowest and highest value a pane shows over bars lo…hi (inclusive), or null when none. */
export function paneExtent(pane: Pane, lo: number, hi: number): [number, number] | null {
  let min = Infinity;
  let max = -Infinity;
  const take = (v: number | null | undefined) => {
    if (v == null || !Number.isFinite(v)) return;
    if (v < min) min = v;
    if (v > max) max = v;
  };
  for (let i = Math.max(0, lo); i <= hi; i++) {
    const b = pane.candles?.[i];
    if (b) {
      take(b.l);
      take(b.h);
    }
    take(pane.bars?.values[i]);
    for (const line of pane.lines) take(line.values[i]);
  }
  return min <= max ? [min, max] : null;
}
