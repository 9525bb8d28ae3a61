import { Trans, useLingui } from '@lingui/react/macro';
import { MenuLink } from '../../components/Menu';
import * as icons from '../../components/icons';
import { useUnreadDocuments } from './api';

/** My page's two rows: 電子交付書面 (with the unread count) and CSVエクスポート. */
export function DocumentsMenuLinks() {
  const { t } = useLingui();
  const unread = useUnreadDocuments();
  return (
    <>
      <MenuLink
        to="/information/documents"
        icon={icons.inbox}
        label={<Trans>電子交付書面</Trans>}
        value={
          unread > 0 ? (
            <span className="msg-count" data-testid="docs-unread-count" aria-label={t`未読 ${unread}件`}>
              {unread}
            </span>
          ) : undefined
        }
      />
      <MenuLink to="/information/exports" icon={icons.layers} label={<Trans>CSVエクスポート</Trans>} />
    </>
  );
}
