import { createFileRoute } from '@tanstack/react-router';
import { SubscribeScreen } from '../../../features/ipo/OfferingScreens';
import { requireSession } from '../../-lib/guards';
import { idSearch } from '../../-lib/search';

/** /home/ipo/subscribe?id= — apply for lots of one offering; without an id, the offerings open now. */
export const Route = createFileRoute('/home/ipo/subscribe')({
  staticData: { name: 'subscribe' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: SubscribeScreen,
});
