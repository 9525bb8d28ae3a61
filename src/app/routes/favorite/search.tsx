import { createFileRoute } from '@tanstack/react-router';
import { SearchScreen } from '../../features/watchlist/SearchScreen';
import { requireSession } from '../-lib/guards';
import { querySearch } from '../-lib/search';

/** /favorite/search?q= — instrument search with history; results open the detail screen or go on the watchlist. */
export const Route = createFileRoute('/favorite/search')({
  staticData: { name: 'search' },
  beforeLoad: requireSession,
  validateSearch: querySearch,
  component: SearchScreen,
});
