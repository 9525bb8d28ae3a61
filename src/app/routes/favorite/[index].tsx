import { createFileRoute } from '@tanstack/react-router';
import { FavoriteScreen } from '../../features/watchlist/FavoriteScreen';
import { requireSession } from '../-lib/guards';

/** /favorite/index — the watchlist, kept alive; edits work offline (queued, synced when back online). */
export const Route = createFileRoute('/favorite/index')({
  staticData: { name: 'favorite' },
  beforeLoad: requireSession,
  component: FavoriteScreen,
});
