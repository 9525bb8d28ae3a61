import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Bar, ChartPeriod } from '../../../shared/chart';
import { DEFAULT_DOWN_COLOR, DEFAULT_UP_COLOR } from './colors';
import { ViewController, keyCommand } from './gestures';
import { Legend } from './Legend';
import { buildModel, type ChartModel, type Indicators, type Pane } from './model';
import { X_AXIS_HEIGHT, paneData, paneOptions, type LiveModel } from './options';
import { inTasks } from './tasks';
import { readChartColors } from './theme';
import { useResolvedTheme } from '../../theme';
import { atLatest, clampView, fullView, initialView } from './view';

/*
 * <PriceChart>: candlesticks (or the time-share line) with a main-indicator overlay, a synchronised
 * sub-indicator pane below, a legend row with the values under the crosshair, zoom/pan/pinch
 * (gestures.ts) and container-width resizing. This module is the only one that imports uPlot:
 * load it through `LazyPriceChart` (index.ts) so uPlot stays in the chart screens' chunk.
 */

export interface CrosshairInfo {
  index: number;
  /** Bar start (UTC epoch ms). */
  t: number;
  /** The candle under the crosshair (null on the time-share chart). */
  bar: Bar | null;
  /** Close of the candle, or the time-share price. */
  price: number | null;
  /** Main-pane values by legend label: MA5 / EMA25 / MA20, +2σ, −2σ / price, avg (time-share). */
  main: Record<string, number | null>;
  /** Sub-pane values by legend label: volume, MA5, MA10 / MACD, DIF, DEA / K, D, J / RSI6, RSI12, RSI24. */
  sub: Record<string, number | null>;
}

export interface PriceChartProps {
  /**
   * Candles of `period`, oldest first, already adjusted (and aggregated). For the time-share
   * period: the 1-minute bars (only the last JST day is drawn). Keep the array stable between
   * renders (state, query data or useMemo): a new array is new data and is redrawn.
   */
  bars: readonly Bar[];
  period: ChartPeriod;
  /** Main overlay and sub-pane indicator. The time-share chart ignores both (it shows its average line and volume). */
  indicators: Indicators;
  /** Integer price scale of the instrument (TSE stocks: 10, i.e. 1 = ¥0.1). */
  priceScale: number;
  /** Rise / fall colours (defaults DEFAULT_UP_COLOR red, DEFAULT_DOWN_COLOR blue: see colors.ts). */
  upColor?: string;
  downColor?: string;
  /** Called when the bar under the crosshair changes (null when the crosshair goes away). */
  onCrosshair?: (info: CrosshairInfo | null) => void;
  /** Height of the main plot in CSS px (default 220). */
  height?: number;
  /** Height of the sub-indicator plot in CSS px, without its time axis (default 88). */
  subHeight?: number;
  /** Bars in view at first (default: about one per 7 px of width); 'all' for everything. */
  visibleBars?: number | 'all';
  /** Moving-average periods for MA/EMA (default by period: 5/25/75 days, 13/26/52 weeks, …). */
  maPeriods?: readonly number[];
  /** Previous close (scaled) for the time-share chart: dashed reference line, range centred on it. */
  prevClose?: number;
}

const PX_PER_BAR = 7;

function paneValues(pane: Pane, index: number): Record<string, number | null> {
  const values: Record<string, number | null> = {};
  if (pane.bars) values[pane.bars.key ?? pane.bars.label] = pane.bars.values[index] ?? null;
  for (const line of pane.lines) if (!line.hidden) values[line.key ?? line.label] = line.values[index] ?? null;
  return values;
}

function crosshairInfo(model: ChartModel, index: number): CrosshairInfo {
  const bar = model.main.candles?.[index] ?? null;
  return {
    index,
    t: model.t[index]!,
    bar,
    price: bar ? bar.c : (model.main.lines[0]?.values[index] ?? null),
    main: paneValues(model.main, index),
    sub: paneValues(model.sub, index),
  };
}

/** What fixes the charts' series and styling; anything else is new data for the same charts. */
function shapeKey(model: ChartModel, extra: unknown[]): string {
  const pane = (p: Pane) => [p.title, p.titleKey, !!p.candles, !!p.bars, p.format, p.range, p.lines.map((l) => `${l.label}:${l.key ?? ''}`)];
  return JSON.stringify([model.mode, pane(model.main), pane(model.sub), ...extra]);
}

/** The charts on screen: the sub pane is built a task after the main one (tasks.ts). */
interface Mounted {
  key: string;
  /** The main pane's model; the sub pane has its own, moved to the new model in its own step. */
  live: LiveModel;
  subLive: LiveModel;
  width: number;
  main: uPlot;
  sub: uPlot | null;
  /** The previous shape's sub pane, on screen until its replacement is built. */
  staleSub: uPlot | null;
}

export function PriceChart({
  bars,
  period,
  indicators,
  priceScale,
  upColor = DEFAULT_UP_COLOR,
  downColor = DEFAULT_DOWN_COLOR,
  onCrosshair,
  height = 220,
  subHeight = 88,
  visibleBars,
  maPeriods,
  prevClose,
}: PriceChartProps) {
  const { t, i18n } = useLingui();
  const { main, sub } = indicators;
  const maKey = maPeriods?.join(',');
  const model = useMemo(
    () => buildModel({ bars, period, indicators: { main, sub }, priceScale, maPeriods: maKey ? maKey.split(',').map(Number) : undefined, prevClose }),
    [bars, period, main, sub, priceScale, maKey, prevClose],
  );
  const wrapRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const subRef = useRef<HTMLDivElement>(null);
  const mountedRef = useRef<Mounted | null>(null);
  const ctlRef = useRef<{ ctl: ViewController; period: ChartPeriod } | null>(null);
  const pendingRef = useRef<(() => void) | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const onCrosshairRef = useRef(onCrosshair);
  useEffect(() => {
    onCrosshairRef.current = onCrosshair;
  });
  const syncKey = useId();
  const locale = i18n.locale || 'ja';
  // Canvas colours follow the theme: read the tokens again, and rebuild the panes, when it changes.
  const theme = useResolvedTheme();
  const colors = useMemo(() => readChartColors(theme), [theme]);

  // The charts follow the props in tasks of their own, after the commit (tasks.ts): the main pane,
  // then the sub pane; newer props cancel the steps not yet run and start again from the latest.
  useEffect(() => {
    pendingRef.current?.();
    pendingRef.current = null;
    const wrap = wrapRef.current;
    const mainEl = mainRef.current;
    const subEl = subRef.current;
    if (!wrap || !mainEl || !subEl || model.n === 0) {
      unmount(mountedRef.current, ctlRef.current?.ctl);
      mountedRef.current = null;
      return;
    }
    const key = shapeKey(model, [upColor, downColor, height, subHeight, locale, syncKey, theme]);
    // A new shape waits for the frame that shows the commit; new data for the same charts does not.
    const rebuild = mountedRef.current?.key !== key;

    const mainStep = () => {
      // Read after the frame's own layout, so the read forces none.
      const width = Math.max(1, wrap.clientWidth);
      const n = model.n;
      const zoomable = model.mode === 'candles';
      const initial = !zoomable || visibleBars === 'all' ? fullView(n) : initialView(n, visibleBars ?? Math.round(width / PX_PER_BAR));

      // A new period starts at the initial view; new bars of the same period keep the reader's
      // window (following the latest bar when it was in view).
      // (One controller for the component's life: the charts' plugins and scales hold on to it.)
      let held = ctlRef.current;
      if (!held) {
        held = { ctl: new ViewController(n, initial, initial, zoomable), period };
        ctlRef.current = held;
      } else if (held.period !== period || held.ctl.zoomable !== zoomable) {
        Object.assign(held.ctl, { n, view: initial, initial, zoomable, crosshair: false });
        held.period = period;
      } else {
        const c = held.ctl;
        const shift = atLatest(c.view, c.n) ? n - c.n : 0;
        c.view = clampView({ min: c.view.min + shift, max: c.view.max + shift }, n);
        c.n = n;
        c.initial = initial;
      }
      const ctl = held.ctl;

      const mounted = mountedRef.current;
      if (mounted && mounted.key === key) {
        // Same charts, new data (a live update, another adjustment, …): no rebuild, the cursor stays.
        mounted.live.model = model;
        mounted.main.setData(paneData(model, model.main));
        return;
      }
      // The old panes leave the controller now; the sub pane stays on screen until its successor is drawn.
      let staleSub: uPlot | null = null;
      if (mounted) {
        ctl.charts.delete(mounted.main);
        mounted.main.destroy();
        staleSub = mounted.sub ?? mounted.staleSub;
        if (mounted.sub && mounted.staleSub) mounted.staleSub.destroy();
        if (staleSub) ctl.charts.delete(staleSub);
      }
      const live: LiveModel = { model };
      let lastIdx: number | null = null;
      const onCursor = (idx: number | null) => {
        if (idx === lastIdx) return;
        lastIdx = idx;
        setCursor(idx);
        onCrosshairRef.current?.(idx === null ? null : crosshairInfo(live.model, idx));
      };
      const chart = new uPlot(
        paneOptions({ live, ctl, width, up: upColor, down: downColor, colors, syncKey, locale, which: 'main', height, onCursor }),
        paneData(model, model.main),
        mainEl,
      );
      ctl.charts.add(chart);
      mountedRef.current = { key, live, subLive: { model }, width, main: chart, sub: null, staleSub };
    };

    const subStep = () => {
      const mounted = mountedRef.current;
      const ctl = ctlRef.current?.ctl;
      if (!mounted || !ctl) return;
      const m = mounted.live.model;
      mounted.subLive.model = m;
      if (mounted.sub) {
        mounted.sub.setData(paneData(m, m.sub));
        return;
      }
      mounted.staleSub?.destroy();
      mounted.staleSub = null;
      const chart = new uPlot(
        paneOptions({ live: mounted.subLive, ctl, width: mounted.width, up: upColor, down: downColor, colors, syncKey, locale, which: 'sub', height: subHeight + X_AXIS_HEIGHT }),
        paneData(m, m.sub),
        subEl,
      );
      // (Its x range is the controller's view, read at every draw: it matches the main pane's.)
      ctl.charts.add(chart);
      mounted.sub = chart;
    };

    pendingRef.current = inTasks([mainStep, subStep], rebuild);
  }, [model, period, upColor, downColor, colors, theme, height, subHeight, visibleBars, syncKey, locale]);

  // Destroy the charts (and drop the steps not yet run) when the component goes away.
  useEffect(
    () => () => {
      pendingRef.current?.();
      pendingRef.current = null;
      unmount(mountedRef.current, ctlRef.current?.ctl);
      mountedRef.current = null;
    },
    [],
  );

  // Follow the container's width (the wrapper exists only while there are bars).
  const empty = model.n === 0;
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(() => {
      const w = Math.max(1, wrap.clientWidth);
      const m = mountedRef.current;
      if (!m) return;
      m.width = w;
      for (const u of [m.main, m.sub, m.staleSub]) if (u && u.width !== w) u.setSize({ width: w, height: u.height });
    });
    ro.observe(wrap);
    return () => ro.disconnect();
  }, [empty]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const held = ctlRef.current;
    if (held && keyCommand(held.ctl, e.key)) e.preventDefault();
  };

  if (model.n === 0) {
    return (
      <div className="pc pc--empty" style={{ height: height + subHeight + X_AXIS_HEIGHT }}>
        <Trans>チャートのデータがありません</Trans>
      </div>
    );
  }

  const index = cursor !== null && cursor < model.n ? cursor : model.n - 1;
  return (
    <div
      ref={wrapRef}
      className="pc"
      role="group"
      aria-label={t`価格チャート`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <Legend model={model} pane="main" index={index} up={upColor} down={downColor} />
      <div ref={mainRef} className="pc-plot" style={{ height }} />
      <Legend model={model} pane="sub" index={index} up={upColor} down={downColor} />
      <div ref={subRef} className="pc-plot" style={{ height: subHeight + X_AXIS_HEIGHT }} />
    </div>
  );
}

function unmount(m: Mounted | null, ctl: ViewController | undefined) {
  if (!m) return;
  for (const u of [m.main, m.sub, m.staleSub]) {
    if (!u) continue;
    ctl?.charts.delete(u);
    u.destroy();
  }
}

export default PriceChart;
