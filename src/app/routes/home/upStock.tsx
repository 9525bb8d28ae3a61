import { createFileRoute } from '@tanstack/react-router';
import { StockLendingScreen } from '../../features/lending/StockLendingScreens';
import { requireSession } from '../-lib/guards';

/** /home/upStock — 貸株: lend held cash shares, the fee rate, recall. */
export const Route = createFileRoute('/home/upStock')({
  staticData: { name: 'upStock' },
  beforeLoad: requireSession,
  component: StockLendingScreen,
});
