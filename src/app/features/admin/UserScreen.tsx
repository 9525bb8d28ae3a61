import { Link, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { userQuery, type AdminUserDetail } from './api';
import { UserAccountCard } from './UserAccountCard';
import { UserFundsCard } from './UserFundsCard';
import { UserNisaCard } from './UserNisaCard';
import { UserPositionsCard } from './UserPositionsCard';

/** One user: account, state (changed with a reason), KYC, balances from the ledger, open positions; a link to their documents. */
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
  return (
    <>
      <p className="admin-actions">
        <Link to="/admin/documents" search={{ userId: user.id }} className="btn btn--secondary btn--small" data-testid="admin-user-documents">
          <Trans>交付書面</Trans>
        </Link>
      </p>
      <div className="admin-grid">
        <UserAccountCard user={user} />
        <UserFundsCard funds={user.funds} />
        <UserNisaCard userId={user.id} />
        <UserPositionsCard user={user} />
      </div>
    </>
  );
}
