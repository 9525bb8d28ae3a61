import { createFileRoute } from '@tanstack/react-router';
import { BlockBuyScreen, prefetchBlockBuy } from '../../features/block/BlockBuy';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';
import { loaderClient } from '../-lib/query-client';

/** /home/blockTrade1?id= — buy shares of one block-trade offer; the loader prefetches the offer and the buying power. */
export const Route = createFileRoute('/home/blockTrade1')({
  staticData: { name: 'blockTrade1' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  loader: ({ context }) => prefetchBlockBuy(loaderClient(context)),
  codeSplitGroupings: [['loader', 'component']],
  component: BlockBuyScreen,
});
