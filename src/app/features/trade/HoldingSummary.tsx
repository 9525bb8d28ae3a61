import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../../shared/money';
import { HoldingFigures } from './holdings/HoldingFigures';
import type { HoldingStock, Sellable } from './ticket-api';

/**
 * The cash holding a 現物売 sells (保有証券's row of this stock): shares, average cost, value and
 * P/L, and how many shares can be sold now when that is fewer (T+N, a block lock, a sale waiting).
 */
export function HoldingSummary({ stock, sellable }: { stock: HoldingStock; sellable: Sellable | undefined }) {
  const { t } = useLingui();
  return (
    <section className="holding" aria-label={t`保有株式`} data-testid="holding">
      <HoldingFigures s={stock} shares />
      {sellable && sellable.sellable < sellable.held ? (
        <p className="small muted">
          <Trans>
            いま売却できるのは{formatNumber(sellable.sellable)}株です（受渡・ロック期間中、または売却注文中の株は除きます）。
          </Trans>
        </p>
      ) : null}
    </section>
  );
}
