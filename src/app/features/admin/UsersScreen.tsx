import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { usersQuery } from './api';
import { StateTag } from './StateTag';

/** 利用者: search by phone (any part) or id (its start); newest first, paged. */
export function AdminUsersScreen() {
  const { t } = useLingui();
  const { q } = useSearch({ from: '/admin/users' });
  const navigate = useNavigate({ from: '/admin/users' });
  const [text, setText] = useState(q ?? '');
  const list = useInfiniteQuery(usersQuery(q));
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: { q: text.trim() || undefined }, replace: true });
  };

  return (
    <section className="admin-screen" aria-labelledby="admin-users-h">
      <h2 id="admin-users-h" className="admin-screen__title">
        <Trans>利用者</Trans>
      </h2>
      <form className="admin-search" role="search" onSubmit={submit}>
        <input
          className="field__input"
          type="search"
          inputMode="search"
          value={text}
          maxLength={64}
          placeholder={t`電話番号または ID`}
          aria-label={t`電話番号または ID で検索`}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          <Trans>検索</Trans>
        </button>
      </form>
      {list.isPending ? (
        <Spinner label={t`読み込み中…`} />
      ) : rows.length === 0 ? (
        <EmptyView compact text={q ? <Trans>「{q}」に一致する利用者はいません</Trans> : <Trans>利用者はまだいません</Trans>} />
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>電話番号</Trans>
              </th>
              <th scope="col">
                <Trans>状態</Trans>
              </th>
              <th scope="col" className="admin-table__wide">
                ID
              </th>
              <th scope="col" className="admin-table__wide">
                <Trans>登録日時</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((u) => (
              <tr key={u.id}>
                <td>
                  <Link to="/admin/user" search={{ id: u.id }} className="admin-table__link mono">
                    {u.phone}
                  </Link>
                  {u.isAdmin ? (
                    <span className="admin-tag admin-tag--info">
                      <Trans>管理者</Trans>
                    </span>
                  ) : null}
                </td>
                <td>
                  <StateTag state={u.state} />
                </td>
                <td className="admin-table__wide mono admin-id">{u.id}</td>
                <td className="admin-table__wide mono">{formatDateTime(u.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {list.hasNextPage ? (
        <button type="button" className="btn btn--secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          <Trans>さらに表示</Trans>
        </button>
      ) : null}
    </section>
  );
}
