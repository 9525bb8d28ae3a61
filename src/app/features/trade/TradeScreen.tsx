import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { Page } from '../../components/Page';
import type { PositionGroup } from '../../components/trade/PositionList';
import { OrderTicket } from './OrderTicket';
import { PositionTabs } from './PositionTabs';

/**
 * /trade/index — tab screen, kept alive: the order ticket, then the user's positions by status
 * with live P/L. `?code=7203&direction=up|down` (the stock detail's buy/sell entry) opens the ticket
 * on that stock and direction.
 */
export function TradeScreen() {
  const { t } = useLingui();
  // Kept alive: rendered outside its match while hidden, so read the search softly.
  const search = useSearch({ from: '/trade/index', shouldThrow: false });
  const [tab, setTab] = useState<PositionGroup>('open');
  return (
    <Page title={t`取引`} back={false} tabbed>
      <OrderTicket
        code={search?.code}
        direction={search?.direction}
        onPlaced={(p) => setTab(p.status === 'pending' ? 'pending' : 'open')}
      />
      <PositionTabs tab={tab} onTab={setTab} />
    </Page>
  );
}
