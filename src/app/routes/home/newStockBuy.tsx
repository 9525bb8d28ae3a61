import { createFileRoute } from '@tanstack/react-router';
import { NewStockBuyScreen } from '../../features/ipo/OfferingScreens';
import { requireSession } from '../-lib/guards';
import { idSearch } from '../-lib/search';

/** /home/newStockBuy?id= — one offering: its rows, the draw's commitment, the user's applications and the way to apply. */
export const Route = createFileRoute('/home/newStockBuy')({
  staticData: { name: 'newStockBuy' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: NewStockBuyScreen,
});
