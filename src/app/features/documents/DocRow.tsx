import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DocumentView } from '../../../shared/api/documents';
import { formatDate } from '../../../shared/money';
import { Icon } from '../../components/Icon';
import * as icons from '../../components/icons';
import { markDocumentRead, pdfUrl } from './api';
import { DOCUMENT_KIND_NAME, documentTitle } from './labels';

/**
 * One document: kind, title (取引区分・銘柄・数量, or the period), issue date, number, the unread dot
 * and the correction marks; open (the browser's PDF viewer, a new tab) and download. Both are plain
 * links, so the browser opens the PDF on the user's tap (no pop-up blocker); the tap also marks the
 * document read (POST …/read), which the box and My page's badge then show.
 */
export function DocRow({ d }: { d: DocumentView }) {
  const { t, i18n } = useLingui();
  const qc = useQueryClient();
  const unread = d.readAt === null;
  const read = () => void markDocumentRead(qc, d).catch(() => undefined);
  const issued = formatDate(d.issuedAt);
  return (
    <li className={unread ? 'doc-row doc-row--unread' : 'doc-row'} data-testid="doc-row" data-kind={d.kind} data-unread={unread ? '1' : '0'}>
      <div className="doc-row__head">
        {unread ? <span className="doc-dot" role="img" aria-label={t`未読`} /> : null}
        <strong className="doc-row__kind">{i18n._(DOCUMENT_KIND_NAME[d.kind])}</strong>
        {d.correctsId ? (
          <span className="doc-tag doc-tag--fix" data-testid="doc-corrects">
            <Trans context="document">訂正</Trans>
          </span>
        ) : null}
        {d.correctedBy ? (
          <span className="doc-tag" data-testid="doc-corrected">
            <Trans>訂正済み</Trans>
          </span>
        ) : null}
      </div>
      <p className="doc-row__title">{documentTitle(i18n, d)}</p>
      <Correction d={d} />
      <p className="doc-row__meta small">
        <span>
          <Trans>交付日 {issued}</Trans>
        </span>
        <span className="mono">{d.number}</span>
      </p>
      <div className="doc-row__actions">
        <a className="btn btn--secondary doc-row__btn" href={pdfUrl(d.id)} target="_blank" rel="noopener" onClick={read} data-testid="doc-open">
          <Icon d={icons.eye} size={18} />
          <span>
            <Trans>開く</Trans>
          </span>
        </a>
        <a className="btn btn--text doc-row__btn" href={pdfUrl(d.id, true)} download onClick={read} data-testid="doc-download">
          <Icon d={icons.deposit} size={18} />
          <span>
            <Trans>ダウンロード</Trans>
          </span>
        </a>
      </div>
    </li>
  );
}

/** What a reissue corrects, or that a later document corrects this one. */
function Correction({ d }: { d: DocumentView }) {
  if (d.correctsId) {
    const number = d.correctsNumber ?? '';
    const reason = d.reason ?? '';
    return (
      <p className="small doc-row__fix">
        <Trans>
          {number} を訂正する書面です。理由：{reason}
        </Trans>
      </p>
    );
  }
  if (d.correctedBy) {
    return (
      <p className="small muted">
        <Trans>この書面は訂正されました。新しい書面をご覧ください。</Trans>
      </p>
    );
  }
  return null;
}
