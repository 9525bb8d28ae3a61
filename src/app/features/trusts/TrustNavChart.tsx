import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import { formatDate, formatInt } from '../../../shared/money';
import { jstMs } from '../../../shared/market/jst';
import { paint, readChartColors, withAlpha } from '../../components/chart/theme';
import { useResolvedTheme } from '../../theme';

/*
 * A fund's 基準価額 and トータルリターン (distributions reinvested), both per 10,000口 from the same
 * base, one point per strike. This module imports uPlot, so it is loaded only through the detail
 * screen's lazy import: uPlot stays out of the list and order screens. Colours from the chart
 * engine's theme tokens (components/chart/theme.ts), rebuilt when the theme changes.
 */

const AXIS_FONT = '10px -apple-system, BlinkMacSystemFont, "Hiragino Sans", "Noto Sans JP", sans-serif';

/** The two lines' colours (the legend beside the chart, trusts.css, uses the same tokens). */
const NAV_LINE = 'var(--accent)';
const TR_LINE = 'var(--chart-1)';

export interface TrustNavChartProps {
  points: readonly { date: string; nav: number; tr: number }[];
  height?: number;
  /** The accessible name (the chart is a picture; the figures beside it say the same). */
  label: string;
}

function chartData(points: TrustNavChartProps['points']): uPlot.AlignedData {
  return [points.map((p) => jstMs(p.date, 0)), points.map((p) => p.tr), points.map((p) => p.nav)];
}

export default function TrustNavChart({ points, height = 180, label }: TrustNavChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const theme = useResolvedTheme();

  useEffect(() => {
    const wrap = el.current;
    if (!wrap) return;
    const colors = readChartColors(theme);
    const axis = paint(colors, 'var(--chart-axis)');
    const nav = paint(colors, NAV_LINE);
    const tr = paint(colors, TR_LINE);
    const few = points.length < 3;
    const opts: uPlot.Options = {
      width: Math.max(1, wrap.clientWidth),
      height,
      ms: 1,
      legend: { show: false },
      cursor: { show: true, x: true, y: false, points: { show: true }, drag: { x: false, y: false } },
      scales: {
        x: { time: true },
        y: {
          range: (_u, min, max) => {
            const pad = max > min ? (max - min) * 0.1 : Math.max(1, Math.abs(max) * 0.01);
            return [min - pad, max + pad];
          },
        },
      },
      axes: [
        {
          font: AXIS_FONT, stroke: axis, grid: { show: false }, ticks: { show: false }, size: 20, space: 70,
          values: (_u, splits) => splits.map((t) => formatDate(t)),
        },
        {
          side: 1, font: AXIS_FONT, stroke: axis, grid: { stroke: paint(colors, 'var(--chart-grid)'), width: 1 }, ticks: { show: false }, size: 52, space: 30,
          values: (_u, splits) => splits.map((v) => formatInt(Math.round(v))),
        },
      ],
      series: [
        {},
        // The total return first, so the NAV is drawn over it: the dashes show where they part (a distribution).
        { stroke: tr, width: 2, dash: [5, 4], points: { show: few } },
        { stroke: nav, width: 2, fill: withAlpha(nav, 0.06), points: { show: few } },
      ],
    };
    const u = new uPlot(opts, chartData(points), wrap);
    chart.current = u;
    let ro: ResizeObserver | null = null;
    if (typeof ResizeObserver !== 'undefined') {
      ro = new ResizeObserver(() => {
        const w = Math.max(1, wrap.clientWidth);
        if (u.width !== w) u.setSize({ width: w, height });
      });
      ro.observe(wrap);
    }
    return () => {
      ro?.disconnect();
      u.destroy();
      chart.current = null;
    };
    // New options only with a new height or theme; new points go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [height, theme]);

  useEffect(() => {
    chart.current?.setData(chartData(points));
  }, [points]);

  return <div ref={el} role="img" aria-label={label} className="trust-chart__plot" style={{ height }} data-testid="trust-nav-chart" />;
}
