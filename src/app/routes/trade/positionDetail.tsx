import { createFileRoute } from '@tanstack/react-router';
import { PositionDetailScreen, prefetchPosition } from '../../features/trade/PositionDetail';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /trade/positionDetail?id= — one order / position; the loader prefetches it (not awaited). */
export const Route = createFileRoute('/trade/positionDetail')({
  staticData: { name: 'positionDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  loaderDeps: ({ search }) => ({ id: search.id }),
  loader: ({ context, deps }) => prefetchPosition(context.queryClient, deps.id),
  codeSplitGroupings: [['loader', 'component']],
  component: PositionDetailScreen,
});
