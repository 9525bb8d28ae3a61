import { createFileRoute } from '@tanstack/react-router';
import { TradeScreen } from '../../features/trade/TradeScreen';
import { requireSession } from '../-lib/guards';
import { tradeSearch } from '../-lib/search';

/** /trade/index — tab screen, kept alive: the order ticket and the positions; `?code=&direction=` opens the ticket on a stock. */
export const Route = createFileRoute('/trade/index')({
  staticData: { name: 'trade' },
  beforeLoad: requireSession,
  validateSearch: tradeSearch,
  component: TradeScreen,
});
