/** Watchlist area: the user's ordered list of codes. */
import { defineModule } from '../module';
import { watchlistRoutes } from './routes';
import type { WatchlistService } from './service';

export { WatchlistService } from './service';

export const watchlistModule = defineModule({
  name: 'watchlist',
  routes: (s: { watchlist: WatchlistService }) => watchlistRoutes(s.watchlist),
});
