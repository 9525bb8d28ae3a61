/**
 * The back office's reads and commands on documents (src/shared/api/documents.ts documentsAdminApi):
 * a user's documents with their consent, a document's PDF opened with a reason (audited), a reissue
 * with a reason. Nothing is persisted to IndexedDB (`meta.persist: false`): another person's
 * documents stay off the admin's device.
 */
import { documentsAdminApi } from '../../../shared/api/documents';
import type { MessageParams } from '../../../shared/api/envelope';
import type { DataOf } from '../../../shared/api/endpoint';
import type { DocumentKind } from '../../../shared/domain/documents';
import { ApiError, buildUrl, handleUnauthorized, sessionHeaders } from '../../api/client';
import { endpointInfiniteQuery } from '../../api/query';
import { useAdminCommand } from '../admin';

export type AdminDocument = DataOf<typeof documentsAdminApi.list>['items'][number];
export type AdminConsent = DataOf<typeof documentsAdminApi.list>['consent'];

export const adminDocumentsQuery = (userId: string, kind: DocumentKind | undefined) =>
  endpointInfiniteQuery(documentsAdminApi.list, { query: { userId, kind } }, { staleTime: 5_000, meta: { persist: false } });

/** Reissue: the admin area (this list, the audit log) refetches on success. */
export function useReissueDocument() {
  return useAdminCommand(documentsAdminApi.reissue);
}

/**
 * The PDF's bytes (POST admin/documents/{id}/open answers the file, not the envelope, so apiCall
 * cannot read it): fetched with the session headers as the admin's upload images are. A refusal
 * still answers the envelope: it becomes an ApiError with its message id.
 */
export async function openAdminDocument(id: string, reason: string): Promise<Blob> {
  const headers = { ...(await sessionHeaders()), Accept: 'application/pdf, application/json', 'Content-Type': 'application/json' };
  const res = await fetch(buildUrl(documentsAdminApi.open, { id }), {
    method: 'POST',
    headers,
    body: JSON.stringify({ reason }),
    credentials: 'same-origin',
    cache: 'no-store',
  }).catch(() => {
    throw new ApiError(navigator.onLine === false ? 'offline' : 'network_error');
  });
  if (!res.ok) throw await refusalOf(res);
  return await res.blob();
}

async function refusalOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as { msg?: unknown; params?: unknown } | null;
  const msg = typeof body?.msg === 'string' && body.msg !== '' && res.status < 500 ? body.msg : 'internal_error';
  const params = typeof body?.params === 'object' && body.params !== null ? (body.params as MessageParams) : undefined;
  const error = new ApiError(msg, params, res.status);
  if (res.status === 401) handleUnauthorized(error);
  return error;
}
