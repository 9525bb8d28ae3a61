import { createFileRoute } from '@tanstack/react-router';
import { NewStockScreen } from '../../features/ipo/OfferingScreens';
import { offeringsQuery } from '../../features/ipo/OfferingList';
import { requireSession } from '../-lib/guards';
import { loaderClient } from '../-lib/query-client';

/** /home/newStock — IPO, public offerings and placements by phase (docs/domain.md "IPO"). */
export const Route = createFileRoute('/home/newStock')({
  staticData: { name: 'newStock' },
  beforeLoad: requireSession,
  loader: ({ context }) => void loaderClient(context).prefetchQuery(offeringsQuery(undefined, { silent: true })),
  // The loader goes with the component: left in the route tree it would put the offering list (and
  // zod) into the entry chunk.
  codeSplitGroupings: [['loader', 'component']],
  component: NewStockScreen,
});
