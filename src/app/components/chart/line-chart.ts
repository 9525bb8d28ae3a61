import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef, type RefObject } from 'react';
import { formatDate } from '../../../shared/money';
import { paint, readChartColors, type ChartColors } from './theme';

/*
 * A small time-series line chart (資産推移, a fund's 基準価額): dates on x, a padded y range labelled
 * on the right. The caller gives its series and its y labels; this module mounts, resizes and
 * rebuilds the chart. It imports uPlot, so a caller loads it through a lazy import of its own.
 */

const AXIS_FONT = '10px -apple-system, BlinkMacSystemFont, "Hiragino Sans", "Noto Sans JP", sans-serif';

export interface LineChartSpec {
  height: number;
  /** The y axis' labels. */
  formatY: (v: number) => string;
  /** The series after the x one, from the theme's colours (a canvas cannot use var()). */
  series: (colors: ChartColors) => uPlot.Series[];
}

function lineChartOptions(width: number, spec: LineChartSpec, colors: ChartColors): uPlot.Options {
  const axis = paint(colors, 'var(--chart-axis)');
  return {
    width,
    height: spec.height,
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
        values: (_u, splits) => splits.map((v) => spec.formatY(v)),
      },
    ],
    series: [{}, ...spec.series(colors)],
  };
}

/**
 * Draws the chart in `el`: built again when `rebuild` changes (height, theme, locale: what the
 * options hold), its data replaced when `data` changes, resized with its box, destroyed on unmount.
 */
export function useLineChart(el: RefObject<HTMLDivElement | null>, spec: LineChartSpec, data: uPlot.AlignedData, rebuild: readonly unknown[]): void {
  const chart = useRef<uPlot | null>(null);
  useEffect(() => {
    const wrap = el.current;
    if (!wrap) return;
    const u = new uPlot(lineChartOptions(Math.max(1, wrap.clientWidth), spec, readChartColors()), data, wrap);
    chart.current = u;
    let ro: ResizeObserver | null = null;
    if (typeof ResizeObserver !== 'undefined') {
      ro = new ResizeObserver(() => {
        const w = Math.max(1, wrap.clientWidth);
        if (u.width !== w) u.setSize({ width: w, height: spec.height });
      });
      ro.observe(wrap);
    }
    return () => {
      ro?.disconnect();
      u.destroy();
      chart.current = null;
    };
    // New options only when what they hold changes; new points go through setData below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, rebuild);

  useEffect(() => {
    chart.current?.setData(data);
  }, [data]);
}
