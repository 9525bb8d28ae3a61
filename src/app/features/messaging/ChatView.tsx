import { useEffect, useRef } from 'react';
import { Trans } from '@lingui/react/macro';
import type { SupportMessage } from '../../../shared/api/messaging';
import { formatDateTime } from '../../../shared/money';
import { useUploadUrl } from '../uploads';

/** An attachment (a private upload) shown through an object URL: <img src> cannot send the session. */
function Attachment({ id }: { id: string }) {
  const { url, failed } = useUploadUrl(id);
  if (failed) return <Trans>添付ファイルを表示できません</Trans>;
  if (!url) return <span className="chat-attach chat-attach--loading" />;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt="" className="chat-attach" />
    </a>
  );
}

/**
 * The lines of a support thread, oldest first, the reader's own on the right. Text is shown as
 * text (React escapes it): HTML or script typed into the chat stays visible characters.
 */
export function ChatView({ messages, mine }: { messages: SupportMessage[]; mine: 'user' | 'staff' }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);
  return (
    <div className="chat" data-testid="chat">
      {messages.map((m) => (
        <div key={m.id} className={`chat-line${m.author === mine ? ' chat-line--mine' : ''}`} data-author={m.author}>
          <div className="chat-bubble">
            {m.text ? <p className="chat-text">{m.text}</p> : null}
            {m.uploadId ? <Attachment id={m.uploadId} /> : null}
          </div>
          <time className="chat-time">{formatDateTime(m.createdAt)}</time>
        </div>
      ))}
      <div ref={end} />
    </div>
  );
}
