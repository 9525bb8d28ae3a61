import { route } from '../module';
import { taxAccountAdminApi } from '../../../shared/api/tax-account';
import type { TaxAccountService } from './service';

/** The NISA application queue and a user's NISA figures; every decision carries a reason and is audited (platform/review.ts). */
export function taxAccountAdminRoutes(tax: TaxAccountService) {
  return [
    route(taxAccountAdminApi.queue, ({ query }) => tax.queue(query.status, query.cursor, query.limit)),
    route(taxAccountAdminApi.decide, ({ user, params, body }) => tax.decide(user, params.id, body.decision, body.reason)),
    route(taxAccountAdminApi.user, ({ params }) => tax.userNisa(params.id)),
  ];
}
