import type uPlot from 'uplot';
import { useMemo, useRef } from 'react';
import { formatInt } from '../../../shared/money';
import { jstMs } from '../../../shared/market/jst';
import { paint, withAlpha, type ChartColors } from '../../components/chart/theme';
import { useLineChart } from '../../components/chart/line-chart';
import { useResolvedTheme } from '../../theme';

/*
 * A fund's 基準価額 and トータルリターン (distributions reinvested), both per 10,000口 from the same
 * base, one point per strike. This module imports uPlot, so it is loaded only through the detail
 * screen's lazy import: uPlot stays out of the list and order screens. Colours from the chart
 * engine's theme tokens (components/chart/theme.ts), rebuilt when the theme changes.
 */

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

/** The total return first, so the NAV is drawn over it: the dashes show where they part (a distribution). */
function series(colors: ChartColors, few: boolean): uPlot.Series[] {
  const nav = paint(colors, NAV_LINE);
  return [
    { stroke: paint(colors, TR_LINE), width: 2, dash: [5, 4], points: { show: few } },
    { stroke: nav, width: 2, fill: withAlpha(nav, 0.06), points: { show: few } },
  ];
}

export default function TrustNavChart({ points, height = 180, label }: TrustNavChartProps) {
  const el = useRef<HTMLDivElement>(null);
  const theme = useResolvedTheme();
  const data = useMemo(() => chartData(points), [points]);
  const few = points.length < 3;
  useLineChart(el, { height, formatY: (v) => formatInt(Math.round(v)), series: (colors) => series(colors, few) }, data, [height, theme]);
  return <div ref={el} role="img" aria-label={label} className="trust-chart__plot" style={{ height }} data-testid="trust-nav-chart" />;
}
