import { createRouter, mount } from '../../http/contract';
import { configApi } from '../../../shared/api/config';

export function configRoutes() {
  const r = createRouter();
  // The body is validated by the contract ({type: "all"}); anything else is a 400.
  mount(r, configApi.list, ({ c }) => c.get('services').config.list());
  return r;
}
