import { createRouter, mount } from '../../http/contract';
import { watchlistApi } from '../../../shared/api/watchlist';

export function watchlistRoutes() {
  const r = createRouter();
  mount(r, watchlistApi.list, ({ user, c }) => c.get('services').watchlist.list(user.id));
  mount(r, watchlistApi.add, ({ user, params, c }) => c.get('services').watchlist.add(user.id, params.code));
  mount(r, watchlistApi.remove, ({ user, params, c }) => c.get('services').watchlist.remove(user.id, params.code));
  mount(r, watchlistApi.order, ({ user, body, c }) => c.get('services').watchlist.reorder(user.id, body.codes));
  return r;
}
