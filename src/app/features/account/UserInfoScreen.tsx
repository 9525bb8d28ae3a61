import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { userInfoQuery } from '../../api/account';
import { formatDateTime } from '../../../shared/money';
import { Page } from '../../components/Page';
import { EmptyView } from '../../components/EmptyView';
import { FirstLoad } from '../../components/Spinner';
import { InfoRow } from '../../components/Menu';
import { StateBadge } from './AccountState';
import { Copy } from '../../components/Copy';
import * as icons from '../../components/icons';

/** /information/userInfo — the account as the server knows it. */
export function UserInfoScreen() {
  const { t } = useLingui();
  const info = useQuery(userInfoQuery());
  const u = info.data;
  return (
    <Page title={t`お客様情報`} fallback="/information/index">
      {u ? (
        <ul className="info-list card">
          <InfoRow label={<Trans>電話番号</Trans>} value={<span className="mono">{u.phone}</span>} />
          <InfoRow
            label={<Trans>招待コード</Trans>}
            value={
              <span className="info-row__inline">
                <span className="mono">{u.inviteCode}</span>
                <Copy text={u.inviteCode} label={t`招待コードをコピー`} />
              </span>
            }
          />
          <InfoRow label={<Trans>アカウントの状態</Trans>} value={<StateBadge state={u.state} />} />
          {u.state !== 'active' && u.stateReason ? <InfoRow label={<Trans>理由</Trans>} value={u.stateReason} /> : null}
          <InfoRow
            label={<Trans>取引暗証番号</Trans>}
            value={u.fundPasswordSet ? <Trans>設定済み</Trans> : <Trans>未設定</Trans>}
          />
          <InfoRow label={<Trans>登録日時</Trans>} value={<span className="mono">{formatDateTime(u.createdAt)}</span>} />
          <InfoRow label={<Trans>お客様ID</Trans>} value={<span className="mono small">{u.id}</span>} />
        </ul>
      ) : info.isError ? (
        <EmptyView
          icon={icons.info}
          text={<Trans>アカウント情報を読み込めませんでした</Trans>}
          action={
            <button type="button" className="btn btn--secondary" onClick={() => void info.refetch()}>
              <Trans>再試行</Trans>
            </button>
          }
        />
      ) : (
        <FirstLoad text={t`読み込み中…`} />
      )}
    </Page>
  );
}
