import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { kycAdminApi, type DocumentType, type KycQueueItem } from '../../../shared/api/kyc';
import { formatDateTime } from '../../../shared/money';
import { endpointInfiniteQuery } from '../../api/query';
import { ApplicantRow, KYC_TEXT, ReviewCard, ReviewDecision, ReviewList, ReviewQueueScreen, StatusRow, UploadImage, useAdminCommand } from '../admin';

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
  const { i18n } = useLinguiCore();
  const { id } = useSearch({ from: '/admin/kyc' });
  const [status, setStatus] = useState<QueueStatus>('under_review');
  const queue = useInfiniteQuery(queueQuery(status));
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const open = id ? rows.find((r) => r.id === id) : undefined;
  return (
    <ReviewQueueScreen
      headingId="admin-kyc-h"
      title={<Trans>本人確認 審査</Trans>}
      statuses={QUEUE_STATUSES}
      statusLabel={(s) => i18n._(KYC_TEXT[s])}
      status={status}
      onStatus={setStatus}
      query={queue}
      count={rows.length}
      empty={status === 'under_review' ? <Trans>審査待ちの申請はありません</Trans> : <Trans>該当する申請はありません</Trans>}
    >
      <ReviewList
        to="/admin/kyc"
        rows={rows}
        openId={id}
        row={(r) => (
          <>
            <span className="admin-kyc__name">
              {r.name}（{r.nameKana}）
            </span>
            <span className="admin-note mono">
              {r.phone} · {formatDateTime(r.submittedAt)}
            </span>
          </>
        )}
        detail={open ? <Submission key={open.id} item={open} /> : null}
        hint={<Trans>申請を選ぶと書類の写真が表示されます</Trans>}
      />
    </ReviewQueueScreen>
  );
}

function Submission({ item }: { item: KycQueueItem }) {
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const approve = useAdminCommand(kycAdminApi.approve);
  const reject = useAdminCommand(kycAdminApi.reject);
  return (
    <ReviewCard titleId={`kyc-${item.id}`} testId="kyc-detail" title={<>{item.name}（{item.nameKana}）</>}>
      <dl className="admin-dl">
        <ApplicantRow userId={item.userId} phone={item.phone} />
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
        <StatusRow status={i18n._(KYC_TEXT[item.status])} reason={item.reason} />
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
      <ReviewDecision
        id={item.id}
        pending={item.status === 'under_review'}
        approve={approve}
        reject={reject}
        approveTitle={<Trans>本人確認を承認</Trans>}
        rejectTitle={<Trans>本人確認を否認</Trans>}
      />
    </ReviewCard>
  );
}
