import { useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { documentsApi, type DocumentView } from '../../../shared/api/documents';
import type { DocumentKind } from '../../../shared/domain/documents';
import { apiCall, buildUrl } from '../../api/client';
import { endpointInfiniteQuery, endpointKey, endpointQuery } from '../../api/query';
import { useMoneyCommand } from '../../api/money-command';
import { isSignedIn } from '../../storage';

/*
 * The document box's reads and commands (docs/domain.md "Documents and exports"). Only JSON goes
 * through the query cache (and so into its IndexedDB copy): the list and the consent. A PDF is opened
 * by its URL in the browser's viewer and a CSV is streamed by ExportScreen's own fetch, so neither
 * is ever kept in the persisted cache.
 */

export interface DocumentFilter {
  kind?: DocumentKind;
  year?: number;
}

/**
 * The box, newest first, a page of 30 at a time (`next` is the cursor); read again whenever the box
 * opens (a document arrives by a job, unseen by this client), the kept copy shown meanwhile.
 */
export function documentsQuery(filter: DocumentFilter) {
  return endpointInfiniteQuery(documentsApi.list, { query: { kind: filter.kind, year: filter.year, limit: 30 } }, { staleTime: 0, refetchOnWindowFocus: true });
}

export function consentQuery() {
  // Read again whenever the box opens: a copy kept from before a consent given a moment ago must not stand.
  return endpointQuery(documentsApi.consent, {}, { staleTime: 0 });
}

/** The unread count (one row asked for; the answer's `unread` covers the whole box). */
function unreadDocumentsQuery() {
  return endpointQuery(documentsApi.list, { query: { limit: 1 } }, { silent: true, staleTime: 10_000, refetchOnWindowFocus: true, select: (d) => d.unread });
}

/** Unread documents (0 signed out or before the answer): the badge on My page. */
export function useUnreadDocuments(): number {
  return useQuery({ ...unreadDocumentsQuery(), enabled: isSignedIn() }).data ?? 0;
}

/** Every read of the list (each filter, each page, and the unread count) — not the consent. */
const isListQuery = (q: Query) => {
  const [area, second] = q.queryKey;
  return area === endpointKey(documentsApi.list)[0] && (second === undefined || typeof second === 'object');
};

export function refreshDocuments(qc: QueryClient) {
  return qc.invalidateQueries({ predicate: isListQuery });
}

/** Marks a document read (the first reading is kept), then the list and its badge read again. */
export async function markDocumentRead(qc: QueryClient, d: DocumentView): Promise<void> {
  if (d.readAt !== null) return;
  try {
    await apiCall(documentsApi.markRead, { params: { id: d.id }, body: {}, silent: true });
  } finally {
    void refreshDocuments(qc);
  }
}

/** The PDF's address: the session cookie authenticates the browser's GET; `download` asks for an attachment. */
export function pdfUrl(id: string, download = false): string {
  return buildUrl(documentsApi.pdf, { id }, download ? { download: '1' } : undefined);
}

/** This year's 特定口座年間取引報告書 so far (rendered on request, never stored). */
export function annualPreviewUrl(): string {
  return buildUrl(documentsApi.annualPreview);
}

/** Consents to the stated version; the answer is the new consent. */
export function useGiveConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => apiCall(documentsApi.giveConsent, { body: { version } }),
    onSuccess: (data) => qc.setQueryData(consentQuery().queryKey, data),
  });
}

/** Withdraws the consent (documents are still issued; paper delivery is asked for). */
export function useWithdrawConsent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(documentsApi.withdrawConsent, { body: {} }),
    onSuccess: (data) => qc.setQueryData(consentQuery().queryKey, data),
  });
}

/** 取引残高報告書 now (an idempotent command: one report per tap, whatever the retries). */
export function useRequestBalanceReport(onSuccess: (d: DocumentView) => void) {
  const qc = useQueryClient();
  return useMoneyCommand(documentsApi.requestBalance, {
    invalidate: [],
    onSuccess: (d) => {
      onSuccess(d);
      void refreshDocuments(qc);
    },
  });
}
