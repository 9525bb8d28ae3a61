import { route } from '../module';
import { watchlistApi } from '../../../shared/api/watchlist';
import type { WatchlistService } from './service';

export function watchlistRoutes(watchlist: WatchlistService) {
  return [
    route(watchlistApi.list, ({ user }) => watchlist.list(user.id)),
    route(watchlistApi.add, ({ user, params }) => watchlist.add(user.id, params.code)),
    route(watchlistApi.remove, ({ user, params }) => watchlist.remove(user.id, params.code)),
    route(watchlistApi.order, ({ user, body }) => watchlist.reorder(user.id, body.codes)),
  ];
}
