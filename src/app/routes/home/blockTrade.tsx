import { createFileRoute } from '@tanstack/react-router';
import { BlockTradeScreen } from '../../features/block/BlockTradeScreen';
import { requireSession } from '../-lib/guards';

/** /home/blockTrade — block-trade offers (open and upcoming), with a link to the user's records. */
export const Route = createFileRoute('/home/blockTrade')({
  staticData: { name: 'blockTrade' },
  beforeLoad: requireSession,
  component: BlockTradeScreen,
});
