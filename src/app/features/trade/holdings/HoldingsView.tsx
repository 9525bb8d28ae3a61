import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatLeverage, formatMoney, formatNumber, formatPercent, formatPriceYen } from '../../../../shared/money';
import { displayName } from '../../../../shared/market/local-names';
import { AsOf } from '../../../components/AsOf';
import { EmptyView } from '../../../components/EmptyView';
import { LoadingPane } from '../../../components/Spinner';
import { Signed } from '../../../components/Signed';
import * as icons from '../../../components/icons';
import { holdingsQuery, type HoldingsData } from './holdings-query';
import './holdings.css';

/*
 * 保有証券 (GET trade/holdings): cash holdings one row per stock and account (StockHoldings.tsx), margin positions (建玉) apart,
 * totals on top. The server values them at the live price; like the positions list, the view is
 * polled while on screen, and offline it shows the persisted figures with their time (AsOf).
 * Used by the trade screen (features/trade) and, through YourPosition, the stock detail.
 */

export type { HoldingsData };
export { StockHoldings } from './StockHoldings';
export type StockHolding = HoldingsData['stocks'][number];
export type MarginHolding = HoldingsData['margin'][number];

/** P/L % of everything held: net P/L over what it cost (cash holdings' cost + margin positions' contract value). */
export function totalPnlBp(h: HoldingsData): number {
  const cost = h.stocks.reduce((a, s) => a + s.cost, 0) + h.margin.reduce((a, m) => a + m.cost, 0);
  return cost === 0 ? 0 : Math.trunc((h.totals.pnl * 10_000) / cost);
}

/**
 * 評価額 and 当日損益 of the cash holdings (the server's totals: a margin position's value is not the
 * user's money), 評価損益 (and %) of everything held, margin positions included.
 */
export function HoldingsTotals({ h }: { h: HoldingsData }) {
  const { t } = useLingui();
  return (
    <dl className="holdings-totals" aria-label={t`保有資産の合計`} data-testid="holdings-totals">
      <div>
        <dt>
          <Trans>評価額</Trans>
        </dt>
        <dd className="mono">{formatMoney(h.totals.value)}</dd>
      </div>
      <div>
        <dt>
          <Trans>評価損益</Trans>
        </dt>
        <dd>
          <Signed value={h.totals.pnl} />
          <span className="holdings-totals__pct">
            <Signed value={totalPnlBp(h)} bp arrows={false} strong={false} />
          </span>
        </dd>
      </div>
      <div>
        <dt>
          <Trans>当日損益</Trans>
        </dt>
        <dd>
          <Signed value={h.totals.dayChange} />
        </dd>
      </div>
    </dl>
  );
}

/** 建玉: margin positions one row each (long or short, leverage, いちにち信用), to the position detail. */
export function MarginHoldings({ h }: { h: HoldingsData }) {
  const { i18n } = useLingui();
  if (h.margin.length === 0) return <EmptyView compact icon={icons.inbox} text={<Trans>信用取引の建玉はありません</Trans>} />;
  return (
    <ul className="pos-list" data-testid="holdings-margin">
      {h.margin.map((m) => (
        <li key={m.id}>
          <Link to="/trade/positionDetail" search={{ id: m.id }} className="pos" data-status="holding">
            <div className="pos__head">
              <span className="pos__name">{displayName(m, i18n.locale)}</span>
              <span className="pos__code mono">{m.code}</span>
            </div>
            <div className="pos__meta small">
              <span className={m.direction === 'up' ? 'tone-rise' : 'tone-fall'}>
                {m.direction === 'up' ? <Trans>▲ 買建</Trans> : <Trans>▼ 売建</Trans>}
              </span>
              <span>{formatLeverage(m.leverage)}</span>
              <span>
                <Trans>{formatNumber(m.shares)}株</Trans>
              </span>
              {m.dayTrade ? (
                <span className="tag">
                  <Trans>いちにち信用</Trans>
                </span>
              ) : null}
            </div>
            <div className="pos__grid small">
              <span>
                <Trans>建単価</Trans> <b className="mono">{formatPriceYen(m.entryPrice, m.priceScale)}</b>
              </span>
              <span>
                <Trans>現在</Trans> <b className="mono">{formatPriceYen(m.price, m.priceScale)}</b>
              </span>
              <span>
                <Trans>維持率</Trans> <b className="mono">{m.maintenanceRatioBp !== null ? formatPercent(m.maintenanceRatioBp, { sign: false }) : '—'}</b>
              </span>
              <span className="pos__pnl">
                <Trans>損益</Trans> <Signed value={m.pnl} />
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A holdings query's states around `children`: first load, failure without data, the time offline. */
export function HoldingsState({ query, children }: { query: ReturnType<typeof useHoldings>; children: (h: HoldingsData) => ReactNode }) {
  if (query.data) {
    return (
      <>
        <AsOf query={query} testId="positions-asof" />
        {children(query.data)}
      </>
    );
  }
  if (query.isPending) return <LoadingPane />;
  return <EmptyView compact icon={icons.alert} text={<Trans>保有証券を読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />;
}

export function useHoldings() {
  return useQuery(holdingsQuery());
}
