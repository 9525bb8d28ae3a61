import type uPlot from 'uplot';
import { useMemo, useRef } from 'react';
import { formatYenCompact } from '../../../shared/money';
import { jstMs } from '../../../shared/market/jst';
import { paint, withAlpha } from '../../components/chart/theme';
import { useLineChart } from '../../components/chart/line-chart';
import { useResolvedTheme } from '../../theme';

/*
 * 資産推移 as a line: one point per Tokyo day (GET funds/history). This module imports uPlot, so
 * it is loaded only through `LazyAssetHistoryChart` (AssetSummary.tsx): uPlot stays out of the home
 * screen's chunk until the card draws. Axes: dates Y.M.D, yen compact (src/shared/money).
 */

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
  // The theme's colours (a canvas cannot use var()): read again, and the chart rebuilt, when it changes.
  const theme = useResolvedTheme();
  const data = useMemo(() => chartData(points), [points]);
  const few = points.length < 3;
  useLineChart(
    el,
    {
      height,
      formatY: (v) => formatYenCompact(Math.round(v), locale),
      series: (colors) => {
        const line = paint(colors, 'var(--accent)');
        return [{ stroke: line, width: 2, fill: withAlpha(line, 0.08), points: { show: few } }];
      },
    },
    data,
    [height, locale, theme],
  );
  return <div ref={el} role="img" aria-label={label} className="asset-chart" style={{ height }} data-testid="asset-history-chart" />;
}
