import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { adminApi } from '../../../shared/api/admin';
import { DOCUMENT_KINDS, type DocumentKind } from '../../../shared/domain/documents';
import { isApiError } from '../../api/client';
import { endpointQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import { MoreButton } from '../../components/MoreButton';
import { adminDocumentsQuery, type AdminDocument } from './admin-api';
import { DOCUMENT_KIND_NAME } from './labels';
import { AdminConsentCard } from './AdminConsentCard';
import { AdminOpenDialog, AdminReissueDialog, useOpenedPdfs } from './AdminDocumentDialogs';
import { AdminDocumentRow } from './AdminDocumentRow';
import './admin-documents.css';

/*
 * 交付書面 in the back office (docs/domain.md "Documents and exports"): one user's documents with
 * their delivery and read status and the user's consent to electronic delivery; an admin opens a
 * document (audited, with a reason) or reissues it as a correction (the old one kept, with a reason).
 * The user comes from `?userId=` (the user screen's link) or the id typed here.
 */

/** The `userId` search param, checked as the routes' validators check theirs (trimmed, bounded). */
function userIdOf(search: unknown): string | undefined {
  const raw = (search as Record<string, unknown> | null)?.userId;
  const text = typeof raw === 'string' ? raw.trim() : '';
  return text && text.length <= 80 ? text : undefined;
}

export function AdminDocumentsScreen() {
  const userId = useRouterState({ select: (s) => userIdOf(s.location.search) });
  return (
    <section className="admin-screen" aria-labelledby="admin-documents-h">
      <h2 id="admin-documents-h" className="admin-screen__title">
        <Trans>交付書面</Trans>
      </h2>
      {/* Keyed: arriving with another ?userId= (or none) starts the field from it again. */}
      <UserForm key={`form:${userId ?? ''}`} userId={userId} />
      {userId ? (
        <UserDocuments key={`docs:${userId}`} userId={userId} />
      ) : (
        <p className="admin-note">
          <Trans>
            利用者 ID を入力してください。電話番号で探すときは<Link to="/admin/users" className="link">利用者</Link>から開き、「交付書面」を選びます。
          </Trans>
        </p>
      )}
    </section>
  );
}

/** The user id field: the chosen id goes to the address (`?userId=`), so a reload or a shared link keeps it. */
function UserForm({ userId }: { userId: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [text, setText] = useState(userId ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({ to: '/admin/documents', search: { userId: text.trim() || undefined }, replace: true });
  };
  return (
    <form className="admin-search" role="search" onSubmit={submit}>
      <input
        className="field__input mono"
        type="search"
        value={text}
        maxLength={80}
        placeholder={t`利用者 ID`}
        aria-label={t`利用者 ID`}
        data-testid="admin-doc-user"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn--primary">
        <Trans>表示</Trans>
      </button>
    </form>
  );
}

type Dialog = { action: 'open' | 'reissue'; doc: AdminDocument } | null;

/** The chosen user: who, their consent, their documents (by kind), and the dialog of an action. */
function UserDocuments({ userId }: { userId: string }) {
  const { t } = useLingui();
  const [kind, setKind] = useState<DocumentKind | undefined>(undefined);
  const list = useInfiniteQuery(adminDocumentsQuery(userId, kind));
  const consent = list.data?.pages[0]?.consent;
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const [dialog, setDialog] = useState<Dialog>(null);
  const pdfs = useOpenedPdfs();
  if (list.isError && !list.data) return <EmptyView compact text={<Trans>この利用者の書面を読み込めませんでした</Trans>} />;
  return (
    <>
      <UserLine userId={userId} />
      {consent ? <AdminConsentCard consent={consent} /> : null}
      <section className="admin-card" aria-labelledby="admin-doc-list-h">
        <div className="admin-doc__listhead">
          <h3 id="admin-doc-list-h" className="admin-card__title">
            <Trans>書面</Trans>
          </h3>
          <KindSelect value={kind} onChange={setKind} />
        </div>
        {list.isPending ? (
          <Spinner label={t`読み込み中…`} />
        ) : rows.length === 0 ? (
          <EmptyView compact text={kind ? <Trans>この種類の書面はありません</Trans> : <Trans>書面はまだありません</Trans>} />
        ) : (
          <ol className="admin-doc__list">
            {rows.map((d) => (
              <AdminDocumentRow
                key={d.id}
                doc={d}
                pdfUrl={pdfs.urls.get(d.id)}
                onOpen={() => setDialog({ action: 'open', doc: d })}
                onReissue={() => setDialog({ action: 'reissue', doc: d })}
              />
            ))}
          </ol>
        )}
        <MoreButton query={list} />
      </section>
      {dialog?.action === 'open' ? (
        <AdminOpenDialog doc={dialog.doc} onOpened={(blob) => pdfs.add(dialog.doc.id, blob)} onClose={() => setDialog(null)} />
      ) : dialog?.action === 'reissue' ? (
        <AdminReissueDialog doc={dialog.doc} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}

/** Whose documents these are: the phone, linking to the user screen (or the id when unknown). */
function UserLine({ userId }: { userId: string }) {
  const user = useQuery(endpointQuery(adminApi.user, { params: { id: userId } }, { staleTime: 5_000, meta: { persist: false }, silent: true }));
  return (
    <p className="admin-doc__user">
      <Trans>利用者</Trans>{' '}
      <Link to="/admin/user" search={{ id: userId }} className="mono link">
        {user.data?.phone ?? userId}
      </Link>
      {isApiError(user.error) && user.error.httpStatus === 404 ? (
        <span className="admin-tag admin-tag--warn">
          <Trans>利用者が見つかりません</Trans>
        </span>
      ) : null}
    </p>
  );
}

function KindSelect({ value, onChange }: { value: DocumentKind | undefined; onChange: (kind: DocumentKind | undefined) => void }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  return (
    <select
      className="field__input admin-doc__kind"
      aria-label={t`書面の種類`}
      value={value ?? ''}
      onChange={(e) => onChange((DOCUMENT_KINDS as readonly string[]).includes(e.target.value) ? (e.target.value as DocumentKind) : undefined)}
    >
      <option value="">{t`すべての種類`}</option>
      {DOCUMENT_KINDS.map((k) => (
        <option key={k} value={k}>
          {i18n._(DOCUMENT_KIND_NAME[k])}
        </option>
      ))}
    </select>
  );
}
