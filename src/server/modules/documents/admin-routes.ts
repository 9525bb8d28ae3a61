import { rawRoute, route } from '../module';
import { documentsAdminApi } from '../../../shared/api/documents';
import type { DocumentAdmin } from './admin';

/**
 * The documents' back office (docs/domain.md "Documents and exports"): a user's documents and
 * consent, opening one and reissuing one, each with a reason (audited: admin.ts).
 */
export function documentsAdminRoutes(admin: DocumentAdmin) {
  return [
    route(documentsAdminApi.list, ({ query }) => admin.list(query)),
    rawRoute(documentsAdminApi.open, ({ user, params, body }) => admin.open(user, params.id, body.reason)),
    route(documentsAdminApi.reissue, ({ user, params, body }) => admin.reissue(user, params.id, body.reason)),
  ];
}
