import { formatScaled } from '../../../shared/money/format';
import { scaleDecimals } from '../../../shared/market/price';
import { formatMoney } from '../../i18n/format';

/** A scaled price with the yen sign and separators: (23455, 10) → "¥2,345.5". */
export function formatPriceYen(price: number | null | undefined, priceScale: number, currency = 'JPY'): string {
  if (price === null || price === undefined || !Number.isSafeInteger(price)) return '—';
  const sym = currency === 'JPY' ? '¥' : '';
  return sym + formatScaled(price, scaleDecimals(priceScale));
}

/** The same price without the currency sign (inputs, compact rows). */
export function formatPricePlain(price: number, priceScale: number): string {
  return formatScaled(price, scaleDecimals(priceScale));
}

export function signOf(value: number | null | undefined): 'rise' | 'fall' | 'flat' {
  if (!value) return 'flat';
  return value > 0 ? 'rise' : 'fall';
}

/**
 * A signed amount: "▲ +¥1,234" in the rise colour, "▼ -¥1,234" in the fall colour, "¥0" plain.
 * The arrow and sign carry the meaning too, so colour is never the only cue.
 */
export function Signed({
  value,
  currency = 'JPY',
  className,
  bp = false,
}: {
  value: number | null | undefined;
  currency?: string;
  className?: string;
  /** The value is in basis points: shown as a percentage with two decimals. */
  bp?: boolean;
}) {
  if (value === null || value === undefined) return <span className={className}>—</span>;
  const s = signOf(value);
  const arrow = s === 'rise' ? '▲' : s === 'fall' ? '▼' : '';
  const body = bp ? `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatScaled(Math.abs(value), 2)}%` : (value > 0 ? '+' : '') + formatMoney(value, currency);
  return (
    <span className={`signed signed--${s}${className ? ` ${className}` : ''}`}>
      {arrow ? (
        <span className="signed__arrow" aria-hidden="true">
          {arrow}
        </span>
      ) : null}
      {body}
    </span>
  );
}
