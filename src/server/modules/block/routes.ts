import { createRouter, mount } from '../../http/contract';
import { blockApi } from '../../../shared/api/block';

export function blockRoutes() {
  const r = createRouter();
  mount(r, blockApi.offers, ({ c }) => c.get('services').block.offers());
  mount(r, blockApi.buy, ({ user, params, body, idempotencyKey, c }) =>
    c.get('services').block.buy(user, params.id, body.shares, idempotencyKey!),
  );
  mount(r, blockApi.orders, ({ user, query, c }) => c.get('services').block.orders(user.id, query.cursor, query.limit));
  return r;
}
