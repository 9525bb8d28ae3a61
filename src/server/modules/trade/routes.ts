import { route } from '../module';
import { tradeApi } from '../../../shared/api/trade';
import type { TradingService } from './service';

export function tradeRoutes(trading: TradingService) {
  return [
    route(tradeApi.placeOrder, ({ user, body, idempotencyKey }) => trading.place(user, body, idempotencyKey)),
    route(tradeApi.amendOrder, ({ user, params, body, idempotencyKey }) => trading.amend(user, params.id, body, idempotencyKey)),
    route(tradeApi.cancelOrder, ({ user, params, idempotencyKey }) => trading.cancel(user, params.id, idempotencyKey)),
    route(tradeApi.preview, ({ user, query }) => trading.preview(user.id, query)),
    route(tradeApi.holdings, ({ user }) => trading.holdingsView(user.id)),
    route(tradeApi.positions, ({ user, query }) => trading.list(user.id, { statuses: query.status, cursor: query.cursor, limit: query.limit })),
    route(tradeApi.position, ({ user, params }) => trading.get(user.id, params.id)),
    route(tradeApi.closePreview, ({ user, params, query }) => trading.closePreview(user.id, params.id, query)),
    route(tradeApi.closePosition, ({ user, params, body, idempotencyKey }) => trading.close(user, params.id, body, idempotencyKey)),
    route(tradeApi.sell, ({ user, body, idempotencyKey }) => trading.sell(user, body, idempotencyKey)),
    route(tradeApi.sellable, ({ user, query }) => trading.sellable(user.id, query.code, query.account)),
  ];
}
