import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { marketSearch } from '../-lib/search';

/** /market/index — kept alive; not built yet. */
export const Route = createFileRoute('/market/index')({
  staticData: { name: 'market' },
  beforeLoad: requireSession,
  validateSearch: marketSearch,
  component: MarketScreen,
});

function MarketScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`マーケット`} />;
}
