import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { messagingApi, type MessageItem } from '../../../shared/api/messaging';
import { formatDateTime } from '../../../shared/money';
import { apiCall } from '../../api/client';
import { endpointInfiniteQuery } from '../../api/query';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { AsOf } from '../../components/AsOf';
import { MoreButton } from '../../components/MoreButton';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { messagesArea, unreadKey, useSupportStream, useUnread } from './api';
import { MESSAGE_TARGET, MESSAGE_TITLE, messageBody } from './text';
import { PushOptIn } from './PushOptIn';
import { NotMeButton } from '../account';
import './messaging-parts.css';
import './messaging.css';

/*
 * メッセージ (docs/domain.md "Messages, news and support"): what happened to the user's orders,
 * money, identity and support thread, newest first, rendered in the reader's language. Tapping one
 * marks it read; the list is kept for offline reading with its age.
 */

const messagesQuery = () => endpointInfiniteQuery(messagingApi.messages, { query: { limit: 20 } }, { staleTime: 0, refetchOnWindowFocus: true });

export function MessagesScreen() {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const query = useInfiniteQuery(messagesQuery());
  const unread = useUnread();
  useSupportStream();
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = (counts: unknown) => {
    qc.setQueryData(unreadKey, counts);
    void qc.invalidateQueries({ queryKey: messagesArea });
  };
  const navigate = useNavigate();
  const read = async (m: MessageItem) => {
    if (m.read) return;
    refresh(await apiCall(messagingApi.read, { params: { id: m.id }, silent: true }));
  };
  // Tapping marks it read and, for a kind with a screen of its own (a new document), goes there.
  const open = (m: MessageItem) => {
    void read(m);
    const to = MESSAGE_TARGET[m.kind];
    if (to) void navigate({ to });
  };
  const readAll = async () => refresh(await apiCall(messagingApi.readAll, {}));
  return (
    <Page
      title={t`メッセージ`}
      fallback="/information/index"
      right={
        unread.messages > 0 ? (
          <button type="button" className="btn btn--text msg-readall" onClick={() => void readAll()}>
            <Trans>すべて既読</Trans>
          </button>
        ) : undefined
      }
    >
      <Link to="/information/service" className="card msg-support" data-testid="support-link">
        <Icon d={icons.support} size={24} />
        <span className="msg-support__label">
          <Trans>カスタマーサポート</Trans>
          <small>
            <Trans>チャットでお問い合わせいただけます</Trans>
          </small>
        </span>
        {unread.support > 0 ? <span className="msg-count">{unread.support}</span> : null}
        <Icon d={icons.chevron} size={18} />
      </Link>
      <PushOptIn />
      {query.isPending ? (
        <FirstLoad text={t`読み込み中…`} />
      ) : query.isError && items.length === 0 ? (
        <EmptyView icon={icons.alert} text={<Trans>メッセージを読み込めませんでした</Trans>} hint={<Trans>通信状態をご確認ください。</Trans>} />
      ) : items.length === 0 ? (
        <EmptyView icon={icons.mail} text={<Trans>メッセージはまだありません</Trans>} hint={<Trans>約定・入出金・本人確認の結果などをここでお知らせします。</Trans>} />
      ) : (
        <>
          <AsOf query={query} testId="messages-asof" />
          <ul className="msg-list" data-testid="messages">
            {items.map((m) => (
              <li key={m.id}>
                <button type="button" className={`msg-item${m.read ? '' : ' msg-item--unread'}`} onClick={() => open(m)} aria-label={m.read ? undefined : t`未読`}>
                  <span className="msg-item__head">
                    {m.read ? null : <span className="msg-dot" aria-hidden="true" />}
                    <strong>{i18n._(MESSAGE_TITLE[m.kind])}</strong>
                    <time className="msg-item__time">{formatDateTime(m.createdAt)}</time>
                  </span>
                  <span className="msg-item__body">{messageBody(i18n, m)}</span>
                </button>
                {m.kind === 'login_alert' && typeof m.params.loginId === 'string' ? (
                  // Outside the item's button (a button may not hold another): reports the sign-in (docs/domain.md "Login history and devices").
                  <div className="msg-actions">
                    <NotMeButton loginId={m.params.loginId} />
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          <MoreButton query={query} />
        </>
      )}
    </Page>
  );
}
