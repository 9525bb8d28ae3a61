/**
 * Back-office reads and commands, keyed from the contract (api/query.ts): `GET admin/users?q=` is
 * ['admin', 'users', {limit, q}], so every admin command invalidates the ['admin'] area and the
 * screens refetch what changed. Commands are not money commands (no Idempotency-Key): each carries
 * the reason the server requires and writes into the audit log. Nothing here is persisted to
 * IndexedDB (`meta.persist: false`): other people's phones and balances stay off the admin's device.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../../../shared/api/admin';
import type { DataOf } from '../../../shared/api/endpoint';
import { apiCall, type AnyEndpoint, type EndpointInput } from '../../api/client';
import { endpointArea, endpointInfiniteQuery, endpointQuery } from '../../api/query';

export type AdminUserRow = DataOf<typeof adminApi.users>['items'][number];
export type AdminUserDetail = DataOf<typeof adminApi.user>;
export type AuditEntry = DataOf<typeof adminApi.audit>['items'][number];
export type AdminConfigItem = DataOf<typeof adminApi.config>['items'][number];

const NO_PERSIST = { persist: false };

export const usersQuery = (q: string | undefined) =>
  endpointInfiniteQuery(adminApi.users, { query: { q: q || undefined, limit: 20 } }, { staleTime: 5_000, meta: NO_PERSIST });

export const userQuery = (id: string) => endpointQuery(adminApi.user, { params: { id } }, { staleTime: 5_000, meta: NO_PERSIST });

export const auditQuery = (filter: { admin?: string | undefined; target?: string | undefined; action?: string | undefined }) =>
  endpointInfiniteQuery(adminApi.audit, { query: { ...filter, limit: 30 } }, { staleTime: 5_000, meta: NO_PERSIST });

export const configQuery = () => endpointQuery(adminApi.config, {}, { staleTime: 5_000, meta: NO_PERSIST });

/** A back-office command: on success the admin area (lists, details, the audit log) refetches. */
export function useAdminCommand<E extends AnyEndpoint>(endpoint: E, extra: readonly (readonly unknown[])[] = []) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: EndpointInput<E>) => apiCall(endpoint, input as never) as Promise<DataOf<E>>,
    onSuccess: () => {
      for (const queryKey of [endpointArea(adminApi.audit), ...extra]) void client.invalidateQueries({ queryKey });
    },
  });
}
