import { ARROW, direction, formatMoney, formatPercent, NONE } from '../../shared/money';
import './widgets.css';

/**
 * A signed figure: "▲ +¥1,234" in the rise colour, "▼ −¥1,234" in the fall colour, "¥0" plain; with
 * `bp`, basis points as a percentage ("▲ +1.23%"). The arrow and the sign carry the meaning too, so
 * colour is never the only cue. Bold by default (P/L figures); `strong={false}` for running text.
 */
export function Signed({
  value,
  currency = 'JPY',
  className,
  bp = false,
  arrows = true,
  strong = true,
}: {
  value: number | null | undefined;
  currency?: string;
  className?: string;
  /** The value is in basis points: shown as a percentage with two decimals. */
  bp?: boolean;
  arrows?: boolean;
  strong?: boolean;
}) {
  const extra = className ? ` ${className}` : '';
  if (value === null || value === undefined) return <span className={className}>{NONE}</span>;
  const tone = direction(value);
  const arrow = arrows ? ARROW[tone] : '';
  const body = bp ? formatPercent(value) : formatMoney(value, currency, { sign: 'always' });
  return (
    <span className={`signed signed--${tone}${strong ? ' signed--strong' : ''}${extra}`}>
      {arrow ? (
        <span className="signed__arrow" aria-hidden="true">
          {arrow}
        </span>
      ) : null}
      {body}
    </span>
  );
}
