import { useLingui } from '@lingui/react/macro';
import type { Direction } from '../../../shared/domain/position';
import type { AccountType } from '../../../shared/domain/account-type';
import { Tabs } from '../../components/Segmented';
import { PositionList } from './holdings/PositionList';
import { HoldingsState, MarginHoldings, StockHoldings, type HoldingsData, type useHoldings } from './holdings/HoldingsView';
import { AwaitingListingCards } from './holdings/AwaitingListingCards';
import { useAwaitingListing } from '../funds';
import { useAfterPaint } from '../../components/after-paint';
import './trade.css';

export type TradeTab = 'stocks' | 'margin' | 'pending' | 'done';

/**
 * The trade screen's lists: 保有証券 (cash holdings per stock), 建玉 (margin positions apart),
 * 注文中 (orders waiting for a fill) and 履歴 (closed and cancelled), each live.
 */
export function PositionTabs({
  tab,
  onTab,
  holdings,
  onTrade,
}: {
  tab: TradeTab;
  onTab: (t: TradeTab) => void;
  holdings: ReturnType<typeof useHoldings>;
  onTrade: (code: string, direction: Direction, account?: AccountType) => void;
}) {
  const { t } = useLingui();
  const marginCount = holdings.data?.margin.length ?? 0;
  return (
    <section className="positions" aria-label={t`保有証券と注文`}>
      <Tabs
        label={t`保有証券と注文`}
        value={tab}
        onChange={onTab}
        tabs={[
          { value: 'stocks', label: t`保有証券` },
          { value: 'margin', label: marginCount ? t`建玉 (${marginCount})` : t`建玉` },
          { value: 'pending', label: t`注文中` },
          { value: 'done', label: t`履歴` },
        ]}
      />
      <div className="positions__body">
        {tab === 'stocks' ? (
          <HoldingsState query={holdings}>{(h) => <StocksTab h={h} onTrade={onTrade} />}</HoldingsState>
        ) : tab === 'margin' ? (
          <HoldingsState query={holdings}>{(h) => <MarginHoldings h={h} />}</HoldingsState>
        ) : (
          <PositionList group={tab} />
        )}
      </div>
    </section>
  );
}

/**
 * 保有証券: the cash holdings, then allotments paid for and awaiting listing (funds/summary, asked
 * once the list is drawn, so it adds nothing to the tab's first paint); "none held" only without either.
 */
function StocksTab({ h, onTrade }: { h: HoldingsData; onTrade: (code: string, direction: Direction, account?: AccountType) => void }) {
  const awaiting = useAwaitingListing(useAfterPaint());
  return (
    <>
      {h.stocks.length > 0 || awaiting.length === 0 ? <StockHoldings h={h} onTrade={onTrade} /> : null}
      <AwaitingListingCards lines={awaiting} />
    </>
  );
}
