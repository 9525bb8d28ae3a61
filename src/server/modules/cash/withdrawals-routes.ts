import { route } from '../module';
import { withdrawalAdminApi, withdrawalApi } from '../../../shared/api/cash';
import type { WithdrawalService } from './withdrawals';

/** The user's withdrawals (docs/domain.md "Withdrawals"). */
export function withdrawalRoutes(w: WithdrawalService) {
  return [
    route(withdrawalApi.withdrawals, ({ user }) => w.list(user.id)),
    route(withdrawalApi.withdraw, ({ user, body, idempotencyKey }) => w.withdraw(user, body, idempotencyKey)),
    route(withdrawalApi.cancelWithdrawal, ({ user, params, idempotencyKey }) => w.cancel(user, params.id, idempotencyKey)),
  ];
}

/** The withdrawal review queue; every decision carries a reason and is audited (platform/review.ts). */
export function withdrawalAdminRoutes(w: WithdrawalService) {
  return [
    route(withdrawalAdminApi.queue, ({ query }) => w.queue(query.status, query.limit)),
    route(withdrawalAdminApi.approve, ({ user, params, body, idempotencyKey }) => w.decide(user, params.id, 'approved', body.reason, idempotencyKey)),
    route(withdrawalAdminApi.reject, ({ user, params, body, idempotencyKey }) => w.decide(user, params.id, 'rejected', body.reason, idempotencyKey)),
  ];
}
