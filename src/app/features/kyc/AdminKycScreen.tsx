import { useEffect, useRef, useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { kycAdminApi, type DocumentType, type KycQueueItem } from '../../../shared/api/kyc';
import { formatDateTime } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import { toast } from '../../components/Toast';
import { endpointInfiniteQuery } from '../../api/query';
import { KYC_TEXT, QueueBody, ReasonDialog, UploadImage, useAdminCommand } from '../admin';

const DOC_TEXT: Record<DocumentType, MessageDescriptor> = {
  driver_licence: msg({ message: '運転免許証' }),
  health_insurance: msg({ message: '健康保険証' }),
  my_number: msg({ message: 'マイナンバーカード' }),
};

const QUEUE_STATUSES = ['under_review', 'verified', 'failed'] as const;
type QueueStatus = (typeof QUEUE_STATUSES)[number];

const queueQuery = (status: QueueStatus) =>
  endpointInfiniteQuery(kycAdminApi.queue, { query: { status, limit: 20 } }, { staleTime: 5_000, meta: { persist: false } });

/** 本人確認 審査: the submissions under review (oldest first); each opens with its two photos side by side. */
export function AdminKycScreen() {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { id } = useSearch({ from: '/admin/kyc' });
  const [status, setStatus] = useState<QueueStatus>('under_review');
  const queue = useInfiniteQuery(queueQuery(status));
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const open = id ? rows.find((r) => r.id === id) : undefined;
  return (
    <section className="admin-screen" aria-labelledby="admin-kyc-h">
      <h2 id="admin-kyc-h" className="admin-screen__title">
        <Trans>本人確認 審査</Trans>
      </h2>
      <Segmented
        label={t`状態`}
        value={status}
        options={QUEUE_STATUSES.map((s) => ({ value: s, label: i18n._(KYC_TEXT[s]) }))}
        onChange={(v) => setStatus(v as QueueStatus)}
      />
      <QueueBody query={queue} count={rows.length} empty={status === 'under_review' ? <Trans>審査待ちの申請はありません</Trans> : <Trans>該当する申請はありません</Trans>}>
        <div className="admin-kyc">
          <ul className="admin-kyc__list">
            {rows.map((r) => (
              <li key={r.id}>
                <Link
                  to="/admin/kyc"
                  search={{ id: r.id }}
                  className={r.id === id ? 'admin-kyc__item admin-kyc__item--open' : 'admin-kyc__item'}
                  aria-current={r.id === id ? 'true' : undefined}
                >
                  <span className="admin-kyc__name">
                    {r.name}（{r.nameKana}）
                  </span>
                  <span className="admin-note mono">
                    {r.phone} · {formatDateTime(r.submittedAt)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {open ? <Submission key={open.id} item={open} /> : <p className="admin-note admin-kyc__hint"><Trans>申請を選ぶと書類の写真が表示されます</Trans></p>}
        </div>
      </QueueBody>
      {queue.hasNextPage ? (
        <button type="button" className="btn btn--secondary" onClick={() => void queue.fetchNextPage()}>
          <Trans>さらに表示</Trans>
        </button>
      ) : null}
    </section>
  );
}

function Submission({ item }: { item: KycQueueItem }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const ref = useRef<HTMLElement>(null);
  // On a phone the submission opens below the list: bring it into view.
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 899px)').matches) ref.current?.scrollIntoView({ block: 'start' });
  }, []);
  const approve = useAdminCommand(kycAdminApi.approve);
  const reject = useAdminCommand(kycAdminApi.reject);
  const cmd = deciding === 'reject' ? reject : approve;
  return (
    <article ref={ref} className="admin-card admin-kyc__detail" aria-labelledby={`kyc-${item.id}`} data-testid="kyc-detail">
      <h3 id={`kyc-${item.id}`} className="admin-card__title">
        {item.name}（{item.nameKana}）
      </h3>
      <dl className="admin-dl">
        <dt>
          <Trans>申請者</Trans>
        </dt>
        <dd>
          <Link to="/admin/user" search={{ id: item.userId }} className="mono link">
            {item.phone}
          </Link>
        </dd>
        <dt>
          <Trans>書類</Trans>
        </dt>
        <dd>
          {i18n._(DOC_TEXT[item.documentType])} <span className="mono">{item.documentNumberMasked}</span>
        </dd>
        <dt>
          <Trans>申請日時</Trans>
        </dt>
        <dd className="mono">{formatDateTime(item.submittedAt)}</dd>
        <dt>
          <Trans>状態</Trans>
        </dt>
        <dd>
          {i18n._(KYC_TEXT[item.status])}
          {item.reason ? <p className="admin-note">{item.reason}</p> : null}
        </dd>
      </dl>
      <div className="admin-photos">
        <figure className="admin-photo">
          <UploadImage id={item.frontUploadId} alt={t`書類の表面`} />
          <figcaption>
            <Trans>表面</Trans>
          </figcaption>
        </figure>
        <figure className="admin-photo">
          <UploadImage id={item.backUploadId} alt={t`書類の裏面`} />
          <figcaption>
            <Trans>裏面</Trans>
          </figcaption>
        </figure>
      </div>
      {item.status === 'under_review' ? (
        <div className="admin-actions">
          <button type="button" className="btn btn--primary" onClick={() => setDeciding('approve')}>
            <Trans>承認</Trans>
          </button>
          <button type="button" className="btn btn--danger" onClick={() => setDeciding('reject')}>
            <Trans>否認</Trans>
          </button>
        </div>
      ) : null}
      {deciding ? (
        <ReasonDialog
          title={deciding === 'approve' ? <Trans>本人確認を承認</Trans> : <Trans>本人確認を否認</Trans>}
          confirmLabel={deciding === 'approve' ? <Trans>承認する</Trans> : <Trans>否認する</Trans>}
          danger={deciding === 'reject'}
          busy={cmd.isPending}
          reasonHint={deciding === 'reject' ? <Trans>否認の理由は利用者に表示されます</Trans> : undefined}
          onCancel={() => setDeciding(null)}
          onConfirm={(reason) =>
            cmd.mutate(
              { params: { id: item.id }, body: { reason } },
              {
                onSuccess: () => {
                  toast(deciding === 'approve' ? t`承認しました` : t`否認しました`);
                  setDeciding(null);
                },
              },
            )
          }
        />
      ) : null}
    </article>
  );
}
