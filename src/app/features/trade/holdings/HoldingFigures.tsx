import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { direction, formatChange, formatMoney, formatNumber, formatPercent, formatPriceYen } from '../../../../shared/money';
import { Signed } from '../../../components/Signed';
import type { tradeApi } from '../../../../shared/api/trade';
import type { DataOf } from '../../../../shared/api/endpoint';
import './holdings.css';

/**
 * The figures of one cash holding (GET trade/holdings' row of a stock): shares, average cost, value
 * and P/L — and, where the screen has room for the market, the price, the stock's 前日比 and, apart
 * from it, today's change of the holding's value (issue 35: the two were one figure). One grid for
 * the portfolio, the stock detail's 保有状況 and the ticket's 現物売.
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
  /** Show the current price, the stock's 前日比 and today's change of the holding. */
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
            <span className={`mono signed signed--${direction(s.priceChange)}`} data-testid="holding-price-change">
              {formatChange(s.priceChange, s.priceScale)} ({formatPercent(s.dayChangeBp)})
            </span>,
            true,
          )
        : null}
      {market
        ? item(
            <Trans>本日の評価損益の変化</Trans>,
            <span data-testid="holding-day-change">
              <Signed value={s.dayChange} strong={false} />
            </span>,
            true,
          )
        : null}
    </dl>
  );
}
