import { route } from '../module';
import { lendingAdminApi } from '../../../shared/api/lending';
import type { LendingService } from './service';

/** The back office's loans view (read-only: loans change only by the user's commands and the LTV job). */
export function lendingAdminRoutes(l: LendingService) {
  return [route(lendingAdminApi.loans, ({ query }) => l.adminLoans(query.status, query.limit))];
}
