import { createFileRoute } from '@tanstack/react-router';
import { getSavedStock } from '../../storage';
import { requireSession } from '../-lib/guards';
import { stockDetailSearch } from '../-lib/search';
import { chartState, type ChartState } from './-components/ChartPanel';
import { DetailScreen, type SavedStock } from './-components/DetailScreen';

/**
 * /market/stockDetail?code=7203 — a stock (or crypto / FX pair): live quote header, chart with every
 * period, indicators and adjustment, information tabs, buy / sell entry. Without a code it opens the
 * saved stock detail (the last stock opened).
 */
export const Route = createFileRoute('/market/stockDetail')({
  staticData: { name: 'stockDetail' },
  beforeLoad: requireSession,
  validateSearch: stockDetailSearch,
  component: StockDetailScreen,
});

function StockDetailScreen() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const code = (search.code ?? getSavedStock<SavedStock>()?.code)?.toUpperCase();
  const onChart = (next: Partial<ChartState>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return <DetailScreen code={code} variant="stock" chart={chartState(search)} onChart={onChart} />;
}
