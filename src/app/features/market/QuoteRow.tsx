import { memo, type MouseEvent } from 'react';
import { direction, formatChange, formatPercent, formatTickPrice, formatVolume, formatYenCompact } from '../../../shared/money';
import { instrumentName } from './names';
import { ChangePill, LimitBadge, usePriceFlash } from './parts';
import type { SortField } from '../../api/quotes/keys';

/** What a list row shows (a board row, a watchlist entry, a search result). */
export interface RowData {
  code: string;
  kind: string;
  nameJa: string;
  nameEn: string;
  priceScale: number;
  qtyScale: number;
  quoteUnit: number;
  price: number;
  change: number;
  changeBp: number;
  volume: number;
  turnover: number;
  limitState: 'up' | 'down' | null;
  at: number;
}

export const ROW_HEIGHT = 60;

/** The price cell, flashing in the rise / fall colour when the price moves. */
function LivePrice({ price, priceScale }: { price: number; priceScale: number }) {
  const flash = usePriceFlash(price);
  return (
    <span key={flash.n} className={`qrow__last${flash.cls}`}>
      {formatTickPrice(price, priceScale)}
    </span>
  );
}

/**
 * One row: name and code | price and change | the sorted metric (change-% pill by default, volume
 * or turnover when sorted by those). A link to the detail screen.
 */
export const QuoteRow = memo(function QuoteRow({
  row,
  metric = 'changeBp',
  locale,
  href,
  onOpen,
  sub,
  showPercent = false,
}: {
  row: RowData;
  metric?: SortField;
  locale: string;
  href: string;
  onOpen?: (row: RowData, e: MouseEvent<HTMLAnchorElement>) => void;
  /** Extra text on the second line (board, segment). */
  sub?: string;
  /** Add the change % to the price column (where the metric column is not shown). */
  showPercent?: boolean;
}) {
  const dir = direction(row.change);
  const unit = row.quoteUnit > 1 ? ` ×${row.quoteUnit}` : '';
  return (
    <a
      className="qrow"
      href={href}
      data-code={row.code}
      onClick={
        onOpen
          ? (e) => {
              if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              onOpen(row, e);
            }
          : undefined
      }
    >
      <span className="qrow__name">
        <span className="qrow__title">{instrumentName(row, locale)}</span>
        <span className="qrow__sub">
          <span className="num">
            {row.code}
            {unit}
          </span>
          {sub ? <span>{sub}</span> : null}
          <LimitBadge state={row.limitState} />
        </span>
      </span>
      <span className="qrow__price">
        <LivePrice price={row.price} priceScale={row.priceScale} />
        <span className={`qrow__delta chg ${dir}`}>
          {formatChange(row.change, row.priceScale)}
          {showPercent ? ` (${formatPercent(row.changeBp)})` : ''}
        </span>
      </span>
      <span className="qrow__metric">
        {metric === 'volume' ? (
          <span className="qrow__metric-text">{formatVolume(row.volume, row.qtyScale, locale)}</span>
        ) : metric === 'turnover' ? (
          <span className="qrow__metric-text">{formatYenCompact(row.turnover, locale)}</span>
        ) : (
          <ChangePill changeBp={row.changeBp} />
        )}
      </span>
    </a>
  );
});
