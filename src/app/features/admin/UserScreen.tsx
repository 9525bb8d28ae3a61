import { useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { adminApi } from '../../../shared/api/admin';
import { ACCOUNT_STATES, type AccountState } from '../../../shared/domain/account';
import { formatDateTime, formatInt, formatMoney, formatTickPrice } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { toast } from '../../components/Toast';
import { getAccount } from '../../storage';
import { Signed } from '../../components/Signed';
import { BUSINESS_TEXT, STATUS_TEXT, sideText } from '../../components/trade/labels';
import { useAdminCommand, userQuery, type AdminUserDetail } from './api';
import { ReasonDialog } from './ReasonDialog';
import { StateTag } from './StateTag';
import { KYC_TEXT, STATE_HINT, STATE_TEXT } from './texts';

/** One user: account, state (changed with a reason), KYC, balances from the ledger, open positions. */
export function AdminUserScreen() {
  const { t } = useLingui();
  const { id } = useSearch({ from: '/admin/user' });
  const user = useQuery({ ...userQuery(id ?? ''), enabled: Boolean(id) });
  return (
    <section className="admin-screen" aria-labelledby="admin-user-h">
      <p className="admin-crumbs">
        <Link to="/admin/users">
          <Trans>利用者</Trans>
        </Link>
      </p>
      <h2 id="admin-user-h" className="admin-screen__title">
        {user.data ? <span className="mono">{user.data.phone}</span> : <Trans>利用者の詳細</Trans>}
      </h2>
      {!id ? (
        <EmptyView compact text={<Trans>利用者が指定されていません</Trans>} />
      ) : user.data ? (
        <UserDetail user={user.data} />
      ) : user.isError ? (
        <EmptyView compact text={<Trans>利用者を読み込めませんでした</Trans>} />
      ) : (
        <Spinner label={t`読み込み中…`} />
      )}
    </section>
  );
}

function UserDetail({ user }: { user: AdminUserDetail }) {
  const { i18n } = useLinguiCore();
  const f = user.funds;
  const money = (v: number) => formatMoney(v, f.currency);
  return (
    <div className="admin-grid">
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

      <section className="admin-card" aria-labelledby="u-funds">
        <h3 id="u-funds" className="admin-card__title">
          <Trans>資産（元帳より）</Trans>
        </h3>
        <dl className="admin-dl admin-dl--num">
          <dt>
            <Trans>総資産</Trans>
          </dt>
          <dd className="mono">{money(f.totalAssets)}</dd>
          <dt>
            <Trans>現金（受渡済み）</Trans>
          </dt>
          <dd className="mono">{money(f.cash)}</dd>
          <dt>
            <Trans>買付余力</Trans>
          </dt>
          <dd className="mono">{money(f.available)}</dd>
          <dt>
            <Trans>出金可能額</Trans>
          </dt>
          <dd className="mono">{money(f.withdrawable)}</dd>
          <dt>
            <Trans>未受渡金</Trans>
          </dt>
          <dd className="mono">{money(f.unsettled)}</dd>
          <dt>
            <Trans>拘束中</Trans>
          </dt>
          <dd className="mono">{money(f.frozen)}</dd>
          <dt>
            <Trans>証拠金</Trans>
          </dt>
          <dd className="mono">{money(f.margin)}</dd>
          <dt>
            <Trans>借入</Trans>
          </dt>
          <dd className="mono">{money(f.loan)}</dd>
          <dt>
            <Trans>不足金</Trans>
          </dt>
          <dd className={f.shortfall < 0 ? 'mono admin-neg' : 'mono'}>{money(f.shortfall)}</dd>
          <dt>
            <Trans>評価損益</Trans>
          </dt>
          <dd className="mono">
            <Signed value={f.unrealizedPnl} currency={f.currency} strong={false} />
          </dd>
          <dt>
            <Trans>実現損益</Trans>
          </dt>
          <dd className="mono">
            <Signed value={f.realizedPnl} currency={f.currency} strong={false} />
          </dd>
        </dl>
        {f.balances.filter((b) => b.currency !== f.currency && b.total !== 0).length > 0 ? (
          <ul className="admin-list">
            {f.balances
              .filter((b) => b.currency !== f.currency && b.total !== 0)
              .map((b) => (
                <li key={b.currency} className="mono">
                  {b.currency}: {formatMoney(b.total, b.currency)}
                </li>
              ))}
          </ul>
        ) : null}
      </section>

      <section className="admin-card admin-card--full" aria-labelledby="u-pos">
        <h3 id="u-pos" className="admin-card__title">
          <Trans>未決済の注文・建玉（{user.openPositions}件）</Trans>
        </h3>
        {user.positions.length === 0 ? (
          <EmptyView compact text={<Trans>未決済の注文・建玉はありません</Trans>} />
        ) : (
          <div className="admin-scroll">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>銘柄</Trans>
                  </th>
                  <th scope="col">
                    <Trans>区分</Trans>
                  </th>
                  <th scope="col">
                    <Trans>状態</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>株数</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>約定単価</Trans>
                  </th>
                  <th scope="col" className="num">
                    <Trans>評価損益</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {user.positions.map((p) => (
                  <tr key={p.id}>
                    <td>
                      <span className="mono">{p.code}</span>
                      <span className="admin-table__name">{i18n.locale === 'ja' ? p.name : p.nameEn}</span>
                    </td>
                    <td>
                      {i18n._(sideText(p))}
                      {p.businessType !== 'stock' ? <span className="admin-note"> {i18n._(BUSINESS_TEXT[p.businessType])}</span> : null}
                    </td>
                    <td>{i18n._(STATUS_TEXT[p.status])}</td>
                    <td className="num mono">{formatInt(p.quantity)}</td>
                    <td className="num mono">{formatTickPrice(p.buyPrice ?? p.limitPrice, p.priceScale)}</td>
                    <td className="num mono"><Signed value={p.netPnl} currency={p.currency} strong={false} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
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
