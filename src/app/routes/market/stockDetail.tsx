import { lazy } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { StockDetailScreen, stockDetailCode } from '../../features/market/DetailScreen';
import { prefetchInstrument } from '../../features/market/prefetch';
import { requireSession } from '../-lib/guards';
import { stockDetailSearch } from '../-lib/search';
import { loaderClient } from '../-lib/query-client';

/**
 * /market/stockDetail?code=7203 — a stock (or crypto / FX pair): quote, chart, information tabs,
 * buy / sell entry; without a code, the saved stock detail. The loader prefetches the quote and the
 * chart (not awaited), so preloading on intent fetches data too.
 */
export const Route = createFileRoute('/market/stockDetail')({
  staticData: { name: 'stockDetail' },
  beforeLoad: requireSession,
  validateSearch: stockDetailSearch,
  loaderDeps: ({ search }) => ({ code: search.code, period: search.period, adjust: search.adjust }),
  loader: ({ context, deps }) => prefetchInstrument(loaderClient(context), stockDetailCode(deps.code), deps, true),
  codeSplitGroupings: [['loader', 'component']],
  component: StockDetail,
});

// The watchlist star (with the watchlist's contract, group picker and dialogs) is a chunk of its own,
// loaded by its own module; the detail screen mounts it after the header's first frame.
const WatchStar = lazy(() => import('../../features/watchlist/WatchStar').then((m) => ({ default: m.WatchStar })));

function StockDetail() {
  return <StockDetailScreen star={WatchStar} />;
}
