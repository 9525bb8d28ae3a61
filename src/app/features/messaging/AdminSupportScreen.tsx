import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_MAX_CHARS, messagingAdminApi } from '../../../shared/api/messaging';
import { formatDateTime } from '../../../shared/money';
import { apiCall, isApiError } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { openStream } from './stream';
import { ChatView } from './ChatView';
import './messaging.css';

const NO_PERSIST = { persist: false } as const;
const threadsQuery = () => endpointQuery(messagingAdminApi.threads, { query: { limit: 50 } }, { staleTime: 0, meta: NO_PERSIST });
const threadQuery = (id: string) => endpointQuery(messagingAdminApi.thread, { params: { id } }, { staleTime: 0, meta: NO_PERSIST });

/**
 * The support inbox (docs/domain.md "Messages, news and support"): every user's thread, latest
 * activity first with its unread count; a thread and the reply box. Live over the staff stream:
 * a user's line appears without a reload, on whichever instance it was posted.
 */
export function AdminSupportScreen() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const threads = useQuery(threadsQuery());
  const [open, setOpen] = useState<string | null>(null);
  useEffect(
    () =>
      openStream('admin/support/stream', (event) => {
        if (event === 'chat' || event === 'thread') {
          void qc.invalidateQueries({ queryKey: endpointArea(messagingAdminApi.threads) });
          void qc.invalidateQueries({ queryKey: endpointArea(messagingAdminApi.thread) });
        }
      }),
    [qc],
  );
  return (
    <section className="admin-screen" aria-labelledby="admin-support-h">
      <h2 id="admin-support-h" className="admin-screen__title">
        <Trans>サポート受信箱</Trans>
      </h2>
      <div className="support-inbox">
        <section className="admin-card" aria-label={t`スレッド一覧`}>
          {threads.isPending ? (
            <Spinner label={t`読み込み中…`} />
          ) : !threads.data || threads.data.items.length === 0 ? (
            <EmptyView compact text={<Trans>お問い合わせはまだありません</Trans>} />
          ) : (
            <ul className="support-threads" data-testid="support-threads">
              {threads.data.items.map((th) => (
                <li key={th.id}>
                  <button type="button" className={`support-thread${open === th.id ? ' support-thread--on' : ''}`} onClick={() => setOpen(th.id)}>
                    <span className="support-thread__head">
                      <strong className="mono">{th.phone}</strong>
                      {th.unread > 0 ? <span className="msg-count" data-testid="thread-unread">{th.unread}</span> : null}
                    </span>
                    <span className="support-thread__last">{th.lastText}</span>
                    <time className="chat-time">{formatDateTime(th.lastAt)}</time>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        {open ? <Thread id={open} /> : null}
      </div>
    </section>
  );
}

function Thread({ id }: { id: string }) {
  const { t } = useLingui();
  const qc = useQueryClient();
  const thread = useQuery(threadQuery(id));
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const unread = thread.data?.summary.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void apiCall(messagingAdminApi.readThread, { params: { id }, silent: true }).then(() => qc.invalidateQueries({ queryKey: endpointArea(messagingAdminApi.threads) }));
  }, [unread, id, qc]);
  const length = [...text.trim()].length;
  const reply = async () => {
    setBusy(true);
    try {
      await apiCall(messagingAdminApi.reply, { params: { id }, body: { text }, silent: true });
      setText('');
      await qc.invalidateQueries({ queryKey: endpointArea(messagingAdminApi.thread) });
    } catch (e) {
      toast(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`送信できませんでした`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="admin-card support-open" aria-label={t`スレッド`}>
      {thread.isPending ? (
        <Spinner label={t`読み込み中…`} />
      ) : thread.data ? (
        <>
          <h3 className="admin-card__title mono">{thread.data.summary.phone}</h3>
          <ChatView messages={thread.data.messages} mine="staff" />
        </>
      ) : null}
      <form
        className="chat-compose"
        onSubmit={(e) => {
          e.preventDefault();
          if (length > 0 && length <= CHAT_MAX_CHARS) void reply();
        }}
      >
        <textarea className="chat-input" rows={2} value={text} aria-label={t`返信`} placeholder={t`返信を入力`} onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="btn btn--primary chat-send" disabled={busy || length === 0 || length > CHAT_MAX_CHARS}>
          <Trans>返信</Trans>
        </button>
      </form>
    </section>
  );
}
