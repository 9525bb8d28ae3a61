import { createFileRoute } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { NotAvailable } from '../../components/NotAvailable';
import { requireSession } from '../-lib/guards';
import { querySearch } from '../-lib/search';

/** /favorite/search: not built yet — says so honestly (no sample data). */
export const Route = createFileRoute('/favorite/search')({
  staticData: { name: 'search' },
  beforeLoad: requireSession,
  validateSearch: querySearch,
  component: SearchScreen,
});

function SearchScreen() {
  const { t } = useLingui();
  return <NotAvailable title={t`銘柄検索`} />;
}
