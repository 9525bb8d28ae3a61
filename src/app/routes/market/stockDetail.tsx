import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { codeSearch } from '../-lib/search';

/** /market/stockDetail: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/market/stockDetail')({
  staticData: { name: 'stockDetail' },
  beforeLoad: requireSession,
  validateSearch: codeSearch,
  component: StockDetailScreen,
});

function StockDetailScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`銘柄詳細`} />;
}
