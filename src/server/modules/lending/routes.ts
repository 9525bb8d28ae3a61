import { route } from '../module';
import { lendingApi } from '../../../shared/api/lending';
import type { LendingService } from './service';

/** The user's credit line and stock lending (docs/domain.md "Loans and stock lending"). */
export function lendingRoutes(l: LendingService) {
  return [
    route(lendingApi.credit, ({ user }) => l.credit(user.id)),
    route(lendingApi.borrow, ({ user, body, idempotencyKey }) => l.borrow(user, body, idempotencyKey)),
    route(lendingApi.repay, ({ user, params, body, idempotencyKey }) => l.repay(user, params.id, body.amount, idempotencyKey)),
    route(lendingApi.loans, ({ user }) => l.loans(user.id)),
    route(lendingApi.stock, ({ user }) => l.stock(user.id)),
    route(lendingApi.lend, ({ user, body, idempotencyKey }) => l.lend(user, body.positionId, idempotencyKey)),
    route(lendingApi.recall, ({ user, params, idempotencyKey }) => l.recall(user, params.id, idempotencyKey)),
    route(lendingApi.stockRecords, ({ user }) => l.stockRecords(user.id)),
  ];
}
