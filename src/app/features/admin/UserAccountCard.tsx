import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { adminApi } from '../../../shared/api/admin';
import { ACCOUNT_STATES, type AccountState } from '../../../shared/domain/account';
import { formatDateTime } from '../../../shared/money';
import { toast } from '../../components/Toast';
import { getAccount } from '../../storage';
import { useAdminCommand, type AdminUserDetail } from './api';
import { ReasonDialog } from './ReasonDialog';
import { StateTag } from './StateTag';
import { KYC_TEXT, STATE_HINT, STATE_TEXT } from './texts';

/** The account: its id, phone, dates, invite code, state (changed here with a reason, never one's own) and KYC. */
export function UserAccountCard({ user }: { user: AdminUserDetail }) {
  const { i18n } = useLinguiCore();
  return (
    <section className="admin-card" aria-labelledby="u-account">
      <h3 id="u-account" className="admin-card__title">
        <Trans>口座</Trans>
      </h3>
      <dl className="admin-dl">
        <dt>ID</dt>
        <dd className="mono admin-id">{user.id}</dd>
        <dt>
          <Trans>電話番号</Trans>
        </dt>
        <dd className="mono">{user.phone}</dd>
        <dt>
          <Trans>登録日時</Trans>
        </dt>
        <dd className="mono">{formatDateTime(user.createdAt)}</dd>
        <dt>
          <Trans>招待コード</Trans>
        </dt>
        <dd className="mono">{user.inviteCode}</dd>
        <dt>
          <Trans>状態</Trans>
        </dt>
        <dd>
          <StateTag state={user.state} />
          {user.stateReason ? <p className="admin-note">{user.stateReason}</p> : null}
        </dd>
        <dt>
          <Trans>本人確認</Trans>
        </dt>
        <dd>
          {user.kycStatus ? (
            <>
              <span className={`admin-tag admin-tag--${user.kycStatus === 'verified' ? 'ok' : user.kycStatus === 'failed' ? 'danger' : 'info'}`}>
                {i18n._(KYC_TEXT[user.kycStatus])}
              </span>
              {user.kycStatus === 'under_review' ? (
                <Link to="/admin/kyc" className="admin-note link">
                  <Trans>審査へ</Trans>
                </Link>
              ) : null}
              {user.kycReason ? <p className="admin-note">{user.kycReason}</p> : null}
            </>
          ) : (
            <span className="admin-note">
              <Trans>このサーバーでは本人確認を利用できません</Trans>
            </span>
          )}
        </dd>
      </dl>
      {user.isAdmin ? (
        <p className="admin-note">
          <Trans>管理者の口座です。</Trans>
        </p>
      ) : null}
      {/* The server refuses an admin restricting their own account (another admin must). */}
      {user.phone === getAccount() ? (
        <p className="admin-note">
          <Trans>自分自身の状態は変更できません。</Trans>
        </p>
      ) : (
        <StateChange user={user} />
      )}
    </section>
  );
}

/** The state change: pick a state (each with what it does), give the reason the user will see. */
function StateChange({ user }: { user: AdminUserDetail }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [next, setNext] = useState<AccountState | null>(null);
  const cmd = useAdminCommand(adminApi.setUserState);
  return (
    <div className="admin-actions">
      <span className="admin-note">
        <Trans>状態を変更：</Trans>
      </span>
      {ACCOUNT_STATES.filter((s) => s !== user.state).map((s) => (
        <button key={s} type="button" className={`btn btn--${s === 'active' ? 'secondary' : 'danger'} btn--small`} onClick={() => setNext(s)}>
          {i18n._(STATE_TEXT[s])}
        </button>
      ))}
      {next ? (
        <ReasonDialog
          title={<Trans>状態を「{i18n._(STATE_TEXT[next])}」に変更</Trans>}
          confirmLabel={<Trans>変更する</Trans>}
          danger={next !== 'active'}
          busy={cmd.isPending}
          reasonHint={<Trans>理由は利用者にも表示されます</Trans>}
          onCancel={() => setNext(null)}
          onConfirm={(reason) =>
            cmd.mutate(
              { params: { id: user.id }, body: { state: next, reason } },
              {
                onSuccess: () => {
                  toast(t`状態を変更しました`);
                  setNext(null);
                },
              },
            )
          }
        >
          <p>{i18n._(STATE_HINT[next])}</p>
        </ReasonDialog>
      ) : null}
    </div>
  );
}
