import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_MAX_CHARS, messagingApi } from '../../../shared/api/messaging';
import { apiCall, isApiError } from '../../api/client';
import { endpointArea, endpointQuery } from '../../api/query';
import { translateMessage } from '../../i18n/translate';
import { getLanguage } from '../../storage';
import { Page } from '../../components/Page';
import { FirstLoad } from '../../components/Spinner';
import { EmptyView } from '../../components/EmptyView';
import { AsOf } from '../../components/AsOf';
import { toast } from '../../components/Toast';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { compressPhoto, uploadFile } from '../uploads';
import { unreadKey, useSupportStream } from './api';
import { ChatView } from './ChatView';
import './messaging.css';

const threadQuery = () => endpointQuery(messagingApi.thread, {}, { staleTime: 0 });

/**
 * カスタマーサポート (docs/domain.md "Messages, news and support"): one chat thread with our staff,
 * live both ways over the support stream, with photo attachments; history is kept.
 */
export function SupportScreen() {
  const { t } = useLingui();
  const qc = useQueryClient();
  const thread = useQuery(threadQuery());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  useSupportStream();
  const unread = thread.data?.unread ?? 0;
  useEffect(() => {
    if (unread > 0) void apiCall(messagingApi.readThread, { silent: true }).then((u) => qc.setQueryData(unreadKey, u));
  }, [unread, qc]);

  const refresh = () => qc.invalidateQueries({ queryKey: endpointArea(messagingApi.thread) });
  const fail = (e: unknown) => toast(isApiError(e) ? translateMessage(e.msg, e.params, getLanguage()) : t`送信できませんでした`);
  const send = async (uploadId?: string) => {
    setBusy(true);
    try {
      await apiCall(messagingApi.send, { body: { text: uploadId ? '' : text, ...(uploadId ? { uploadId } : {}) }, silent: true });
      if (!uploadId) setText('');
      await refresh();
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };
  const attach = async (f: File) => {
    setBusy(true);
    try {
      const up = await uploadFile(await compressPhoto(f), 'support', () => undefined);
      setBusy(false);
      await send(up.id);
    } catch (e) {
      setBusy(false);
      fail(e);
    }
  };
  const length = [...text.trim()].length;
  return (
    <Page title={t`カスタマーサポート`} fallback="/information/msgInfo" className="support-page">
      {thread.isPending ? (
        <FirstLoad text={t`読み込み中…`} />
      ) : !thread.data ? (
        <EmptyView icon={icons.alert} text={<Trans>チャットを読み込めませんでした</Trans>} />
      ) : thread.data.messages.length === 0 ? (
        <EmptyView icon={icons.support} text={<Trans>ご質問をお送りください</Trans>} hint={<Trans>担当者がこの画面でお返事します（平日 9:00〜17:00）。</Trans>} />
      ) : (
        <>
          <AsOf query={thread} />
          <ChatView messages={thread.data.messages} mine="user" />
        </>
      )}
      <form
        className="chat-compose"
        onSubmit={(e) => {
          e.preventDefault();
          if (length > 0 && length <= CHAT_MAX_CHARS) void send();
        }}
      >
        <button type="button" className="icon-btn" aria-label={t`写真を添付`} disabled={busy} onClick={() => file.current?.click()}>
          <Icon d={icons.copy} size={22} />
        </button>
        <input
          ref={file}
          type="file"
          accept="image/*"
          hidden
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void attach(f);
          }}
        />
        <textarea
          className="chat-input"
          rows={1}
          value={text}
          maxLength={CHAT_MAX_CHARS * 2}
          placeholder={t`メッセージを入力`}
          aria-label={t`メッセージ`}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--primary chat-send" disabled={busy || length === 0 || length > CHAT_MAX_CHARS}>
          <Trans>送信</Trans>
        </button>
      </form>
      {length > CHAT_MAX_CHARS ? (
        <p className="field__error">
          <Trans>メッセージは{CHAT_MAX_CHARS}文字以内で入力してください</Trans>
        </p>
      ) : null}
    </Page>
  );
}
