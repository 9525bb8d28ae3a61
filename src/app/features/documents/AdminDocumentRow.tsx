import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { formatDateTime } from '../../../shared/money';
import type { AdminDocument } from './admin-api';
import { DOCUMENT_KIND_NAME, documentTitle } from './labels';

/**
 * The number printed on a document, from its id: `KB-` + the id without dashes, its last 10
 * characters, upper case (the contract's documentView.number). For a correcting document, which
 * the list names by id only.
 */
export function adminDocumentNumber(id: string): string {
  return `KB-${id.replace(/-/g, '').slice(-10).toUpperCase()}`;
}

/** The element id of a document's card, for the correction links between two cards of the list. */
export const adminDocumentAnchor = (id: string) => `admin-doc-${id}`;

/**
 * One document of the user: kind, number, title, issue (by the job or by an admin), delivery and
 * reading, the corrections either way, and the two actions (each asks for a reason).
 */
export function AdminDocumentRow({
  doc,
  pdfUrl,
  onOpen,
  onReissue,
}: {
  doc: AdminDocument;
  pdfUrl: string | undefined;
  onOpen: () => void;
  onReissue: () => void;
}) {
  const { i18n } = useLinguiCore();
  const title = documentTitle(i18n, doc);
  return (
    <li id={adminDocumentAnchor(doc.id)} className="admin-doc" data-testid="admin-doc-row" data-kind={doc.kind} data-read={doc.readAt !== null ? '1' : '0'}>
      <p className="admin-doc__head">
        <span className="admin-tag admin-tag--info">{i18n._(DOCUMENT_KIND_NAME[doc.kind])}</span>
        <span className="mono admin-doc__number">{doc.number}</span>
        {doc.correctedBy ? (
          <span className="admin-tag admin-tag--warn">
            <Trans>訂正済み</Trans>
          </span>
        ) : null}
      </p>
      {title ? <p className="admin-doc__title">{title}</p> : null}
      <dl className="admin-dl admin-doc__facts">
        <dt>
          <Trans>発行日時</Trans>
        </dt>
        <dd className="mono">{formatDateTime(doc.issuedAt)}</dd>
        <dt>
          <Trans>発行者</Trans>
        </dt>
        <dd>
          <IssuedBy adminId={doc.issuedBy} />
        </dd>
        <dt>
          <Trans>交付</Trans>
        </dt>
        <dd>
          <span className="admin-tag admin-tag--ok">
            <Trans>交付済み</Trans>
          </span>
          <span className="admin-note">
            <Trans>書面一覧に掲載</Trans>
          </span>
        </dd>
        <dt>
          <Trans>閲覧</Trans>
        </dt>
        <dd>
          {doc.readAt !== null ? (
            <span className="mono">
              <Trans>既読</Trans> {formatDateTime(doc.readAt)}
            </span>
          ) : (
            <span className="admin-tag admin-tag--warn">
              <Trans>未読</Trans>
            </span>
          )}
        </dd>
      </dl>
      <Corrections doc={doc} />
      <div className="admin-actions">
        <button type="button" className="btn btn--secondary btn--small" data-testid="admin-doc-open" onClick={onOpen}>
          <Trans>開く</Trans>
        </button>
        <button type="button" className="btn btn--secondary btn--small" data-testid="admin-doc-reissue" onClick={onReissue}>
          <Trans>再発行</Trans>
        </button>
        {pdfUrl ? (
          <a href={pdfUrl} target="_blank" rel="noopener noreferrer" className="link admin-note">
            <Trans>PDF を表示</Trans>
          </a>
        ) : null}
      </div>
    </li>
  );
}

/** 自動発行 (the documents job) or the admin who reissued it. */
function IssuedBy({ adminId }: { adminId: string | null }) {
  if (adminId === null) {
    return (
      <span>
        <Trans>自動発行（ジョブ）</Trans>
      </span>
    );
  }
  return (
    <>
      <Trans>管理者</Trans>{' '}
      <Link to="/admin/user" search={{ id: adminId }} className="mono admin-id link">
        {adminId}
      </Link>
    </>
  );
}

/** The document this one corrects (with the reason printed on it), and the one that corrects it. */
function Corrections({ doc }: { doc: AdminDocument }) {
  if (!doc.correctsId && !doc.correctedBy) return null;
  const corrects = doc.correctsNumber ?? (doc.correctsId ? adminDocumentNumber(doc.correctsId) : '');
  const correctedBy = doc.correctedBy ? adminDocumentNumber(doc.correctedBy) : '';
  const { reason } = doc;
  return (
    <div className="admin-doc__corrections">
      {doc.correctsId ? (
        <p className="admin-note">
          <Trans>訂正元</Trans> <JumpTo id={doc.correctsId} number={corrects} />
          {reason ? (
            <>
              {' '}
              · <Trans>理由：{reason}</Trans>
            </>
          ) : null}
        </p>
      ) : null}
      {doc.correctedBy ? (
        <p className="admin-note">
          <Trans>訂正後の書面</Trans> <JumpTo id={doc.correctedBy} number={correctedBy} />
        </p>
      ) : null}
    </div>
  );
}

/**
 * A link to another card of the list: scrolls to it and highlights it. Not an `#anchor` href: the
 * app's router lives in the hash. A card not loaded yet (a later page) is not jumped to.
 */
function JumpTo({ id, number }: { id: string; number: string }) {
  const jump = () => {
    const el = document.getElementById(adminDocumentAnchor(id));
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el.classList.remove('admin-doc--flash');
    void el.offsetWidth; // restart the highlight when jumped to twice
    el.classList.add('admin-doc--flash');
  };
  return (
    <button type="button" className="link mono admin-doc__jump" onClick={jump}>
      {number}
    </button>
  );
}
