import { formatMoney } from '../../i18n/format';

/**
 * A signed amount: "▲ +¥1,234" (rise colour) / "▼ -¥1,234" (fall colour) / "¥0". Sign and arrow
 * carry the meaning too, so colour is never the only cue.
 */
export function Amount({ value, currency = 'JPY', arrows = true }: { value: number; currency?: string; arrows?: boolean }) {
  const tone = value > 0 ? 'rise' : value < 0 ? 'fall' : 'flat';
  return (
    <span className={`amount amount--${tone}`}>
      {arrows && value !== 0 ? (
        <span className="amount__arrow" aria-hidden="true">
          {value > 0 ? '▲' : '▼'}
        </span>
      ) : null}
      {(value > 0 ? '+' : '') + formatMoney(value, currency)}
    </span>
  );
}
