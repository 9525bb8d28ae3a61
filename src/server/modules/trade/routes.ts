import { createRouter, mount } from '../../http/contract';
import { tradeApi } from '../../../shared/api/trade';

/** `idempotent: true` endpoints get their Idempotency-Key checked by `mount`, so it is set here. */
export function tradeRoutes() {
  const r = createRouter();
  mount(r, tradeApi.placeOrder, ({ user, body, idempotencyKey, c }) => c.get('services').trading.place(user, body, idempotencyKey!));
  mount(r, tradeApi.cancelOrder, ({ user, params, idempotencyKey, c }) =>
    c.get('services').trading.cancel(user, params.id, idempotencyKey!),
  );
  mount(r, tradeApi.preview, ({ user, query, c }) => c.get('services').trading.preview(user.id, query));
  mount(r, tradeApi.positions, ({ user, query, c }) =>
    c.get('services').trading.list(user.id, { statuses: query.status, cursor: query.cursor, limit: query.limit }),
  );
  mount(r, tradeApi.position, ({ user, params, c }) => c.get('services').trading.get(user.id, params.id));
  mount(r, tradeApi.closePosition, ({ user, params, body, idempotencyKey, c }) =>
    c.get('services').trading.close(user, params.id, body, idempotencyKey!),
  );
  return r;
}
