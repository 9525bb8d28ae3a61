import { createRouter, mount } from '../../http/contract';
import { blockAdminApi } from '../../../shared/api/block';

/** Admin block-trade offers; every command is audited with its reason (DESIGN.md §5). */
export function blockAdminRoutes() {
  const r = createRouter();
  mount(r, blockAdminApi.create, ({ user, body, c }) => c.get('services').block.create(user, body));
  mount(r, blockAdminApi.list, ({ query, c }) => c.get('services').block.adminList(query.cursor, query.limit));
  mount(r, blockAdminApi.close, ({ user, params, body, c }) => c.get('services').block.close(user, params.id, body.reason));
  return r;
}
