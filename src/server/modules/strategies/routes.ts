import { route } from '../module';
import { strategiesApi } from '../../../shared/api/strategies';
import type { StrategyService } from './service';

export function strategiesRoutes(s: StrategyService) {
  return [
    route(strategiesApi.list, ({ query }) => s.list(query.kind)),
    route(strategiesApi.holdings, ({ user }) => s.holdings(user.id)),
    route(strategiesApi.detail, ({ params }) => s.detail(params.id)),
    route(strategiesApi.subscribe, ({ user, params, body, idempotencyKey }) => s.subscribe(user, params.id, body.amount, idempotencyKey)),
    route(strategiesApi.redeem, ({ user, params, idempotencyKey }) => s.redeem(user, params.id, idempotencyKey)),
  ];
}
