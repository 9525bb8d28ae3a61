import { useLingui } from '@lingui/react/macro';
import { useUnread } from './api';

/** The tab bar's count of unread messages and support replies (nothing at zero). */
export default function UnreadBadge() {
  const { t } = useLingui();
  const unread = useUnread().total;
  if (unread <= 0) return null;
  return (
    <span className="msg-count tab-badge" data-testid="tab-unread" aria-label={t`未読 ${unread}件`}>
      {unread > 99 ? '99+' : unread}
    </span>
  );
}
