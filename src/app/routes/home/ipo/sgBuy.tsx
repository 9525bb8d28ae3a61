import { createFileRoute } from '@tanstack/react-router';
import { SgBuyScreen } from '../../../features/ipo/ApplicationScreens';
import { requireSession } from '../../-lib/guards';
import { idSearch } from '../../-lib/search';

/** /home/ipo/sgBuy?id=<application> — purchase or waive a won allotment. */
export const Route = createFileRoute('/home/ipo/sgBuy')({
  staticData: { name: 'sgBuy' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: SgBuyScreen,
});
