import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { formatDateTime } from '../../../shared/money';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { auditQuery, type AuditEntry } from './api';
import { ACTION_TEXT } from './texts';

/** The detail of an entry on one line: `from → to` when it has both, else its fields. */
export function detailText(detail: Record<string, unknown>): string {
  // Instants are stored as epoch milliseconds (a block offer's window): shown as dates.
  const isInstant = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1e12 && v < 1e13;
  const show = (v: unknown) => (typeof v === 'string' ? v : isInstant(v) ? formatDateTime(v) : JSON.stringify(v));
  if ('from' in detail && 'to' in detail && Object.keys(detail).length === 2) return `${show(detail.from)} → ${show(detail.to)}`;
  return Object.entries(detail)
    .map(([k, v]) => `${k}: ${show(v)}`)
    .join(', ');
}

/** 監査ログ: every admin action with who, what, on what, why; filtered by admin, target and action. */
export function AdminAuditScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const search = useSearch({ from: '/admin/audit' });
  const navigate = useNavigate({ from: '/admin/audit' });
  const [admin, setAdmin] = useState(search.admin ?? '');
  const [target, setTarget] = useState(search.target ?? '');
  const [action, setAction] = useState(search.action ?? '');
  const log = useInfiniteQuery(auditQuery({ admin: search.admin, target: search.target, action: search.action }));
  const rows = log.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(search.admin || search.target || search.action);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ search: { admin: admin.trim() || undefined, target: target.trim() || undefined, action: action || undefined }, replace: true });
  };
  const clear = () => {
    setAdmin('');
    setTarget('');
    setAction('');
    void navigate({ search: {}, replace: true });
  };

  return (
    <section className="admin-screen" aria-labelledby="admin-audit-h">
      <h2 id="admin-audit-h" className="admin-screen__title">
        <Trans>監査ログ</Trans>
      </h2>
      <form className="admin-filters" onSubmit={submit} aria-label={t`絞り込み`}>
        <label className="field">
          <span className="field__label">
            <Trans>管理者（ID または電話番号）</Trans>
          </span>
          <input className="field__input mono" value={admin} maxLength={64} onChange={(e) => setAdmin(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">
            <Trans>対象（利用者 ID・設定名など）</Trans>
          </span>
          <input className="field__input mono" value={target} maxLength={64} onChange={(e) => setTarget(e.target.value)} />
        </label>
        <label className="field">
          <span className="field__label">
            <Trans>操作</Trans>
          </span>
          <select className="field__input" value={action} onChange={(e) => setAction(e.target.value)}>
            <option value="">{t`すべて`}</option>
            {Object.entries(ACTION_TEXT).map(([key, text]) => (
              <option key={key} value={key}>
                {i18n._(text)}
              </option>
            ))}
          </select>
        </label>
        <div className="admin-filters__actions">
          <button type="submit" className="btn btn--primary btn--small">
            <Trans>絞り込む</Trans>
          </button>
          {filtered ? (
            <button type="button" className="btn btn--text btn--small" onClick={clear}>
              <Trans>解除</Trans>
            </button>
          ) : null}
        </div>
      </form>
      {log.isPending ? (
        <Spinner label={t`読み込み中…`} />
      ) : rows.length === 0 ? (
        <EmptyView compact text={filtered ? <Trans>条件に合う記録はありません</Trans> : <Trans>記録はまだありません</Trans>} />
      ) : (
        <ol className="admin-audit">
          {rows.map((e) => (
            <AuditRow key={e.id} entry={e} />
          ))}
        </ol>
      )}
      {log.hasNextPage ? (
        <button type="button" className="btn btn--secondary" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          <Trans>さらに表示</Trans>
        </button>
      ) : null}
    </section>
  );
}

function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const { i18n } = useLinguiCore();
  const text = ACTION_TEXT[e.action];
  const detail = detailText(e.detail);
  return (
    <li className="admin-audit__row" data-testid="audit-row">
      <p className="admin-audit__head">
        <span className="admin-tag admin-tag--info">{text ? i18n._(text) : e.action}</span>
        <time className="mono admin-note">{formatDateTime(e.at)}</time>
      </p>
      <p className="admin-audit__reason">{e.reason}</p>
      <p className="admin-note">
        <Trans>対象</Trans>{' '}
        {e.action.startsWith('user.') ? (
          <Link to="/admin/user" search={{ id: e.target }} className="mono admin-id link">
            {e.target}
          </Link>
        ) : (
          <span className="mono admin-id">{e.target}</span>
        )}
        {detail ? <span className="mono"> · {detail}</span> : null}
      </p>
      <p className="admin-note">
        <Trans>管理者</Trans> <span className="mono">{e.adminPhone ?? e.adminId}</span>
      </p>
    </li>
  );
}
