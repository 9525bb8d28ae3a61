import { createFileRoute } from '@tanstack/react-router';
import { MineScreen } from '../../features/home/MineScreen';
import { requireSession } from '../-lib/guards';

/** /information/index — "My page": account header, assets (from the ledger), menus. */
export const Route = createFileRoute('/information/index')({
  staticData: { name: 'information' },
  beforeLoad: requireSession,
  component: MineScreen,
});
