import { Trans, useLingui } from '@lingui/react/macro';
import { formatLeverage, formatNumber, formatPriceYen } from '../../../shared/money';
import { Signed } from '../../components/Signed';
import type { MarginHolding } from './ticket-api';

/**
 * 返済: the margin positions (建玉) of this stock, one radio each (信用買 / 売建, leverage, shares,
 * entry price, P/L); the chosen one is closed whole, as from its position detail.
 */
export function ClosePicker({ positions, value, onChange }: { positions: readonly MarginHolding[]; value: string | null; onChange: (id: string) => void }) {
  const { t } = useLingui();
  if (positions.length === 0) {
    return (
      <p className="muted small" data-testid="no-margin">
        <Trans>この銘柄の建玉（信用取引・いちにち信用）はありません。</Trans>
      </p>
    );
  }
  return (
    <div className="close-picker" role="radiogroup" aria-label={t`返済する建玉`}>
      {positions.map((p) => {
        const on = p.id === value;
        return (
          <button key={p.id} type="button" role="radio" aria-checked={on} className={`close-picker__opt${on ? ' close-picker__opt--on' : ''}`} onClick={() => onChange(p.id)}>
            <span className={p.direction === 'up' ? 'tone-rise' : 'tone-fall'}>
              {p.direction === 'up' ? <Trans>買建</Trans> : <Trans>売建</Trans>}
              {p.dayTrade ? <> ・ <Trans>いちにち信用</Trans></> : null} ・ {formatLeverage(p.leverage)}
            </span>
            <span className="mono">
              <Trans>{formatNumber(p.shares)}株</Trans> ・ <Trans>建値 {formatPriceYen(p.entryPrice, p.priceScale)}</Trans>
            </span>
            <span>
              <Trans>評価損益</Trans> <Signed value={p.pnl} arrows={false} />
            </span>
          </button>
        );
      })}
    </div>
  );
}
