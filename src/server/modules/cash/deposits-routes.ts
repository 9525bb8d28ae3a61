import { route } from '../module';
import { depositAdminApi, depositApi } from '../../../shared/api/cash';
import type { DepositService } from './deposits';

export function depositRoutes(deposits: DepositService) {
  return [
    route(depositApi.channels, ({ user }) => deposits.channels(user.id)),
    route(depositApi.deposits, ({ user }) => deposits.list(user.id)),
    route(depositApi.deposit, ({ user, body, idempotencyKey }) => deposits.request(user, body, idempotencyKey)),
  ];
}

/** Channels and the deposit review queue; every change carries a reason and is audited. */
export function depositAdminRoutes(deposits: DepositService) {
  return [
    route(depositAdminApi.channels, () => deposits.adminChannels()),
    route(depositAdminApi.createChannel, ({ user, body }) => deposits.createChannel(user, body)),
    route(depositAdminApi.addAddresses, ({ user, params, body }) => deposits.addAddresses(user, params.id, body)),
    route(depositAdminApi.disableChannel, ({ user, params, body }) => deposits.disableChannel(user, params.id, body.reason)),
    route(depositAdminApi.queue, ({ query }) => deposits.queue(query.status, query.userId, query.limit)),
    route(depositAdminApi.approve, ({ user, params, body, idempotencyKey }) => deposits.approve(user, params.id, body, idempotencyKey)),
    route(depositAdminApi.reject, ({ user, params, body }) => deposits.reject(user, params.id, body.reason)),
  ];
}
