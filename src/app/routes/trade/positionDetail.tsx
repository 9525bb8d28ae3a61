import { createFileRoute } from '@tanstack/react-router';
import { PositionDetailScreen, prefetchPosition } from '../../features/trade/PositionDetail';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';
import { loaderClient } from '../-lib/query-client';

/** /trade/positionDetail?id= — one order / position; the loader prefetches it (not awaited). */
export const Route = createFileRoute('/trade/positionDetail')({
  staticData: { name: 'positionDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => prefetchPosition(loaderClient(context), deps.id),
  codeSplitGroupings: [['loader', 'component']],
  component: PositionDetailScreen,
});
