import { Trans, useLingui } from '@lingui/react/macro';
import { formatMoney, formatNumber, formatPercent, formatPriceYen } from '../../../shared/money';
import { Signed } from '../../components/Signed';
import type { HoldingStock, Sellable } from './ticket-api';

/**
 * The cash holding a 現物売 sells (保有証券's row of this stock): shares, average cost, value and
 * P/L, and how many shares can be sold now when that is fewer (T+N, a block lock, a sale waiting).
 */
export function HoldingSummary({ stock, sellable }: { stock: HoldingStock; sellable: Sellable | undefined }) {
  const { t } = useLingui();
  return (
    <section className="holding" aria-label={t`保有株式`} data-testid="holding">
      <dl className="kv">
        <dt>
          <Trans>保有株数</Trans>
        </dt>
        <dd className="mono">
          <Trans>{formatNumber(stock.shares)}株</Trans>
        </dd>
        <dt>
          <Trans>平均取得単価</Trans>
        </dt>
        <dd className="mono">{formatPriceYen(stock.averageCost, stock.priceScale)}</dd>
        <dt>
          <Trans>評価額</Trans>
        </dt>
        <dd className="mono">{formatMoney(stock.value)}</dd>
        <dt>
          <Trans>評価損益</Trans>
        </dt>
        <dd className="mono">
          <Signed value={stock.pnl} arrows={false} /> <span className="small">({formatPercent(stock.pnlBp)})</span>
        </dd>
      </dl>
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
