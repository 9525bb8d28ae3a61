import { route } from '../module';
import { watchlistApi } from '../../../shared/api/watchlist';
import type { WatchlistService } from './service';

export function watchlistRoutes(watchlist: WatchlistService) {
  const groups = watchlist.groups;
  return [
    route(watchlistApi.list, ({ user }) => watchlist.list(user.id)),
    route(watchlistApi.add, ({ user, params }) => watchlist.add(user.id, params.code)),
    route(watchlistApi.remove, ({ user, params }) => watchlist.remove(user.id, params.code)),
    route(watchlistApi.order, ({ user, body }) => watchlist.reorder(user.id, body.codes)),
    route(watchlistApi.groups, ({ user }) => groups.list(user.id)),
    route(watchlistApi.createGroup, ({ user, body }) => groups.create(user.id, body.name, body.codes)),
    route(watchlistApi.renameGroup, ({ user, params, body }) => groups.rename(user.id, params.id, body.name)),
    route(watchlistApi.deleteGroup, ({ user, params }) => groups.remove(user.id, params.id)),
    route(watchlistApi.orderGroups, ({ user, body }) => groups.order(user.id, body.ids)),
    route(watchlistApi.addToGroup, ({ user, params, body }) => groups.add(user.id, params.id, body.code)),
    route(watchlistApi.removeFromGroup, ({ user, params, body }) => groups.removeCode(user.id, params.id, body.code)),
    route(watchlistApi.orderGroup, ({ user, params, body }) => groups.reorder(user.id, params.id, body.codes)),
  ];
}
