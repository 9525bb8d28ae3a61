import { route } from '../module';
import { fxApi } from '../../../shared/api/fx';
import type { FxService } from './service';

export function fxRoutes(fx: FxService) {
  return [
    route(fxApi.quotes, () => fx.quotes()),
    route(fxApi.quote, ({ user, body }) => fx.quote(user.id, body)),
    route(fxApi.exchange, ({ user, body, idempotencyKey }) => fx.exchange(user, body.quoteId, idempotencyKey)),
  ];
}
