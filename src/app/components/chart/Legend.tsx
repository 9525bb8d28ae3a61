import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatCompact, formatFixed, formatInt, formatPrice } from '../../../shared/money';
import { formatBarTime } from './format';
import type { ChartModel, LabelKey, Pane, ValueFormat } from './model';

/*
 * The legend rows: values at the crosshair (or of the latest bar when there is none). Colour
 * swatches carry the series colour; the text stays dark for contrast.
 */

interface Props {
  model: ChartModel;
  pane: 'main' | 'sub';
  index: number;
  up: string;
  down: string;
}

function Item({ label, value, color, swatch }: { label: ReactNode; value: string; color?: string; swatch?: string }) {
  return (
    <span className="pc-legend__item">
      {swatch ? <i className="pc-legend__swatch" style={{ background: swatch }} aria-hidden="true" /> : null}
      <span className="pc-legend__label">{label}</span>
      <span className="pc-legend__value" style={color ? { color } : undefined}>
        {value}
      </span>
    </span>
  );
}

export function formatPaneValue(v: number | null | undefined, format: ValueFormat, model: ChartModel, locale: string, axis = false): string {
  switch (format) {
    case 'price':
      return formatPrice(v, model.priceScale, model.decimals);
    case 'priceDelta':
      return v == null ? '—' : formatFixed(v / model.priceScale, model.decimals + 2);
    case 'volume':
      return axis && v != null ? formatCompact(v, locale) : formatInt(v);
    case 'plain':
      return formatFixed(v);
  }
}

export function Legend({ model, pane, index, up, down }: Props) {
  const { t, i18n } = useLingui();
  const words: Record<LabelKey, string> = { volume: t`出来高`, price: t`現在値`, avg: t`平均` };
  const p: Pane = pane === 'main' ? model.main : model.sub;
  const fmt = (v: number | null | undefined, format: ValueFormat = p.format) => formatPaneValue(v, format, model, i18n.locale);
  const rows: ReactNode[][] = [];

  if (pane === 'main') {
    const head: ReactNode[] = [];
    const time = model.t[index];
    if (time !== undefined) head.push(<span key="t" className="pc-legend__time">{formatBarTime(time, model.period)}</span>);
    const bar = p.candles?.[index];
    if (bar) {
      head.push(
        <Item key="o" label={t`始値`} value={fmt(bar.o)} />,
        <Item key="h" label={t`高値`} value={fmt(bar.h)} />,
        <Item key="l" label={t`安値`} value={fmt(bar.l)} />,
        <Item key="c" label={t`終値`} value={fmt(bar.c)} color={bar.c >= bar.o ? up : down} />,
        <Item key="v" label={words.volume} value={fmt(bar.v, 'volume')} />,
      );
    } else if (model.mode === 'timeshare') {
      const price = p.lines[0]?.values[index] ?? null;
      const base = p.base;
      const color = price == null || base === undefined || price === base ? undefined : price > base ? up : down;
      head.push(
        <Item key="p" label={words.price} value={fmt(price)} color={color} swatch={p.lines[0]?.color} />,
        <Item key="a" label={words.avg} value={fmt(p.lines[1]?.values[index])} swatch={p.lines[1]?.color} />,
        <Item key="v" label={words.volume} value={fmt(model.sub.bars?.values[index], 'volume')} />,
      );
    }
    rows.push(head);
  }

  if (pane === 'sub' || model.mode === 'candles') {
    const row: ReactNode[] = [];
    const title = p.titleKey ? words[p.titleKey] : p.title;
    if (title) row.push(<span key="title" className="pc-legend__title">{title}</span>);
    if (p.bars && pane === 'sub') {
      const v = p.bars.values[index];
      const color = v == null ? undefined : p.bars.up[index] ? up : down;
      // The volume pane's title already says 出来高.
      const label = p.bars.key ? (p.bars.key === p.titleKey ? '' : words[p.bars.key]) : p.bars.label;
      row.push(<Item key="bars" label={label} value={fmt(v)} color={color} />);
    }
    for (const line of p.lines) {
      if (line.hidden) continue;
      row.push(<Item key={line.label || line.key} label={line.key ? words[line.key] : line.label} value={fmt(line.values[index])} swatch={line.color} />);
    }
    rows.push(row);
  }

  return (
    <div className={`pc-legend pc-legend--${pane}`}>
      {rows.map((row, i) => (
        <div key={i} className="pc-legend__row">
          {row}
        </div>
      ))}
    </div>
  );
}
