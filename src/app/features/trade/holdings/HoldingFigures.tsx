import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { formatMoney, formatNumber, formatPriceYen } from '../../../../shared/money';
import { Signed } from '../../../components/Signed';
import type { tradeApi } from '../../../../shared/api/trade';
import type { DataOf } from '../../../../shared/api/endpoint';
import './holdings.css';

/**
 * The figures of one cash holding (GET trade/holdings' row of a stock): shares, average cost, value
 * and P/L — and, where the screen has room for the market, the price and the day's change. One
 * grid for the portfolio, the stock detail's 保有状況 and the ticket's 現物売.
 */
type StockHolding = DataOf<typeof tradeApi.holdings>['stocks'][number];

export function HoldingFigures({
  s,
  shares = false,
  market = false,
  testId,
}: {
  s: StockHolding;
  /** Show the share count (the portfolio shows it in the row's head instead). */
  shares?: boolean;
  /** Show the current price and the day's change. */
  market?: boolean;
  testId?: string;
}) {
  const item = (label: ReactNode, value: ReactNode, wide = false) => (
    <div className={wide ? 'holding__wide' : undefined}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <dl className="holding__grid small" data-testid={testId}>
      {shares ? item(<Trans>保有株数</Trans>, <span className="mono"><Trans>{formatNumber(s.shares)}株</Trans></span>) : null}
      {item(<Trans>平均取得単価</Trans>, <span className="mono">{formatPriceYen(s.averageCost, s.priceScale)}</span>)}
      {market ? item(<Trans>現在値</Trans>, <span className="mono">{formatPriceYen(s.price, s.priceScale)}</span>) : null}
      {item(<Trans>評価額</Trans>, <span className="mono">{formatMoney(s.value)}</span>)}
      {item(
        <Trans>評価損益</Trans>,
        <>
          <Signed value={s.pnl} /> <Signed value={s.pnlBp} bp arrows={false} strong={false} />
        </>,
      )}
      {market
        ? item(
            <Trans>前日比</Trans>,
            <>
              <Signed value={s.dayChange} strong={false} /> <Signed value={s.dayChangeBp} bp arrows={false} strong={false} />
            </>,
            true,
          )
        : null}
    </dl>
  );
}
