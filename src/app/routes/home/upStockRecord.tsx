import { createFileRoute } from '@tanstack/react-router';
import { StockRecordsScreen } from '../../features/lending/StockLendingScreens';
import { requireSession } from '../-lib/guards';

/** /home/upStockRecord — 貸株の履歴: each lend, daily fee, 配当金相当額, recall and return. */
export const Route = createFileRoute('/home/upStockRecord')({
  staticData: { name: 'upStockRecord' },
  beforeLoad: requireSession,
  component: StockRecordsScreen,
});
