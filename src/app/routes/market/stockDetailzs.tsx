import { createFileRoute } from '@tanstack/react-router';
import { IndexDetailScreen } from '../../features/market/DetailScreen';
import { prefetchInstrument } from '../../features/market/prefetch';
import { requireSession } from '../-lib/guards';
import { stockDetailSearch } from '../-lib/search';
import { loaderClient } from '../-lib/query-client';

/**
 * /market/stockDetailzs?code=N225 — an index (Nikkei 225, TOPIX, TSE Growth 250): live value and
 * chart. The loader prefetches both (not awaited).
 */
export const Route = createFileRoute('/market/stockDetailzs')({
  staticData: { name: 'stockDetailzs' },
  beforeLoad: requireSession,
  validateSearch: stockDetailSearch,
  loaderDeps: ({ search }) => ({ code: search.code, period: search.period }),
  loader: ({ context, deps }) => prefetchInstrument(loaderClient(context), (deps.code ?? 'N225').toUpperCase(), deps, false),
  codeSplitGroupings: [['loader', 'component']],
  component: IndexDetailScreen,
});
