import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import { formatDate, formatYenCompact } from '../../../shared/money';
import { jstMs } from '../../../shared/market/jst';
import { paint, readChartColors, withAlpha } from '../../components/chart/theme';
import { useResolvedTheme } from '../../theme';

/*
 * 資産推移 as a line: one point per Tokyo day (GET funds/history). This module imports uPlot, so
 * it is loaded only through `LazyAssetHistoryChart` (AssetSummary.tsx): uPlot stays out of the home
 * screen's chunk until the card draws. Axes: dates Y.M.D, yen compact (src/shared/money).
 */

const AXIS_FONT = '10px -apple-system, BlinkMacSystemFont, "Hiragino Sans", "Noto Sans JP", sans-serif';

export interface AssetHistoryChartProps {
  points: readonly { date: string; totalAssets: number }[];
  locale: string;
  height?: number;
  /** The accessible name (the chart is a picture; the figures above it say the same). */
  label: string;
}

export function chartData(points: AssetHistoryChartProps['points']): uPlot.AlignedData {
  return [points.map((p) => jstMs(p.date, 0)), points.map((p) => p.totalAssets)];
}

export default function AssetHistoryChart({ points, locale, height = 140, label }: AssetHistoryChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  // The theme's colours (a canvas cannot use var()): read again, and the chart rebuilt, when it changes.
  const theme = useResolvedTheme();

  useEffect(() => {
    const wrap = el.current;
    if (!wrap) return;
    const colors = readChartColors(theme);
    const axis = paint(colors, 'var(--chart-axis)');
    const line = paint(colors, 'var(--accent)');
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
          values: (_u, splits) => splits.map((v) => formatYenCompact(Math.round(v), locale)),
        },
      ],
      series: [{}, { stroke: line, width: 2, fill: withAlpha(line, 0.08), points: { show: points.length < 3 } }],
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
    // New options only with a new height, locale or theme; new points go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [height, locale, theme]);

  useEffect(() => {
    chart.current?.setData(chartData(points));
  }, [points]);

  return <div ref={el} role="img" aria-label={label} className="asset-chart" style={{ height }} data-testid="asset-history-chart" />;
}
