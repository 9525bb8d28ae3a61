import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { codeSearch } from '../-lib/search';

/** /market/stockDetailzs: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/market/stockDetailzs')({
  staticData: { name: 'stockDetailzs' },
  beforeLoad: requireSession,
  validateSearch: codeSearch,
  component: StockDetailzsScreen,
});

function StockDetailzsScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`指数詳細`} />;
}
