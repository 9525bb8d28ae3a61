import { route } from '../module';
import { configApi } from '../../../shared/api/config';
import type { ConfigService } from './service';

export function configRoutes(config: ConfigService) {
  return [
    // The body is validated by the contract ({type: "all"}); anything else is a 400.
    route(configApi.list, () => config.list()),
  ];
}
