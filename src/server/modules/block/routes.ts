import { route } from '../module';
import { blockApi } from '../../../shared/api/block';
import type { BlockService } from './service';

export function blockRoutes(block: BlockService) {
  return [
    route(blockApi.offers, () => block.offers()),
    route(blockApi.buy, ({ user, params, body, idempotencyKey }) => block.buy(user, params.id, body.shares, idempotencyKey)),
    route(blockApi.orders, ({ user, query }) => block.orders(user.id, query.cursor, query.limit)),
  ];
}
