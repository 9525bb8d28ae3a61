import { route } from '../module';
import { blockAdminApi } from '../../../shared/api/block';
import type { BlockService } from './service';

/** Admin block-trade offers; every command is audited with its reason (docs/decisions/004). */
export function blockAdminRoutes(block: BlockService) {
  return [
    route(blockAdminApi.create, ({ user, body }) => block.create(user, body)),
    route(blockAdminApi.list, ({ query }) => block.adminList(query.cursor, query.limit)),
    route(blockAdminApi.close, ({ user, params, body }) => block.close(user, params.id, body.reason)),
  ];
}
