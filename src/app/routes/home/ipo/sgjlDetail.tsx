import { createFileRoute } from '@tanstack/react-router';
import { SgjlDetailScreen } from '../../../features/ipo/ApplicationScreens';
import { requireSession } from '../../-lib/guards';
import { idSearch } from '../../-lib/search';

/** /home/ipo/sgjlDetail?id=<offering> — the draw: commitment, seed, algorithm, results and a verify button. */
export const Route = createFileRoute('/home/ipo/sgjlDetail')({
  staticData: { name: 'sgjlDetail' },
  beforeLoad: requireSession,
  validateSearch: idSearch,
  component: SgjlDetailScreen,
});
