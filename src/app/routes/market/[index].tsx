import { createFileRoute } from '@tanstack/react-router';
import { MarketScreen } from '../../features/market/MarketScreen';
import { requireSession } from '../-lib/guards';
import { marketSearch } from '../-lib/search';

/** /market/index — kept alive. The six market tabs with live, virtualized boards. */
export const Route = createFileRoute('/market/index')({
  staticData: { name: 'market' },
  beforeLoad: requireSession,
  validateSearch: marketSearch,
  component: MarketScreen,
});
