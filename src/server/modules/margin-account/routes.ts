import { route } from '../module';
import { marginAccountApi } from '../../../shared/api/margin-account';
import type { MarginAccountService } from './service';

export function marginAccountRoutes(margin: MarginAccountService) {
  return [
    route(marginAccountApi.status, ({ user }) => margin.status(user.id)),
    route(marginAccountApi.apply, ({ user, body }) => margin.apply(user, body)),
  ];
}
