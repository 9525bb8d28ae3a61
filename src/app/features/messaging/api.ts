import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messagingApi } from '../../../shared/api/messaging';
import { documentsApi } from '../../../shared/api/documents';
import { endpointArea, endpointKey, endpointQuery } from '../../api/query';
import { isSignedIn } from '../../storage';
import { openStream } from './stream';

/*
 * The messaging reads other screens show (docs/domain.md "Messages, news and support"): the unread
 * counts on the tab bar and Mine, and per-stock news and price alerts on the stock detail. Lists
 * are persisted like the others, so they read offline with their age.
 */

export function unreadQuery() {
  return endpointQuery(messagingApi.unread, {}, { silent: true, staleTime: 10_000, refetchInterval: 30_000, refetchOnWindowFocus: true });
}
export const unreadKey = endpointKey(messagingApi.unread);
export const messagesArea = endpointArea(messagingApi.messages);

/** Unread messages + unread support replies (0 signed out). */
export function useUnread(): { messages: number; support: number; total: number } {
  const q = useQuery({ ...unreadQuery(), enabled: isSignedIn() });
  const messages = q.data?.messages ?? 0;
  const support = q.data?.support ?? 0;
  return { messages, support, total: messages + support };
}

export function stockNewsQuery(code: string) {
  return endpointQuery(messagingApi.news, { query: { code, limit: 10 } }, { silent: true, staleTime: 60_000 });
}

export function stockAlertsQuery(code: string) {
  return endpointQuery(messagingApi.alerts, { query: { code } }, { silent: true, staleTime: 10_000 });
}
export const alertsArea = endpointArea(messagingApi.alerts);

/**
 * The user's support stream while a screen wants it: chat lines and unread changes arrive live;
 * every event refreshes the counts and the thread.
 */
export function useSupportStream(onChat?: (e: { threadId: string; message: unknown }) => void) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!isSignedIn()) return;
    return openStream('support/stream', (event, data) => {
      if (event === 'unread') qc.setQueryData(unreadKey, data);
      if (event === 'chat') {
        onChat?.(data as { threadId: string; message: unknown });
        void qc.invalidateQueries({ queryKey: endpointArea(messagingApi.thread) });
      }
      if (event === 'unread' || event === 'chat') void qc.invalidateQueries({ queryKey: messagesArea });
      // A new message may be a document's (document_issued): the box and its unread badge follow it.
      if (event === 'unread') void qc.invalidateQueries({ queryKey: endpointArea(documentsApi.list) });
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per mount
  }, [qc]);
}
