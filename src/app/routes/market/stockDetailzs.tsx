import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '../-lib/guards';
import { stockDetailSearch } from '../-lib/search';
import { chartState, type ChartState } from './-components/ChartPanel';
import { DetailScreen } from './-components/DetailScreen';

/** /market/stockDetailzs?code=N225 — an index (Nikkei 225, TOPIX, TSE Growth 250): live value and chart. */
export const Route = createFileRoute('/market/stockDetailzs')({
  staticData: { name: 'stockDetailzs' },
  beforeLoad: requireSession,
  validateSearch: stockDetailSearch,
  component: IndexDetailScreen,
});

function IndexDetailScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const code = (search.code ?? 'N225').toUpperCase();
  const onChart = (next: Partial<ChartState>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return <DetailScreen code={code} variant="index" chart={chartState(search)} onChart={onChart} />;
}
