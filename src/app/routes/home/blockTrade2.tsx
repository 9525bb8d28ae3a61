import { createFileRoute } from '@tanstack/react-router';
import { BlockOrdersScreen } from '../../features/block/BlockOrderList';
import { requireSession } from '../-lib/guards';

/** /home/blockTrade2 — the user's block-trade purchases (locked until their lock ends). */
export const Route = createFileRoute('/home/blockTrade2')({
  staticData: { name: 'blockTrade2' },
  beforeLoad: requireSession,
  component: BlockOrdersScreen,
});
