import { useState } from 'react';
import { useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { marginAccountAdminApi } from '../../../shared/api/margin-account';
import { formatDateTime } from '../../../shared/money';
import { endpointInfiniteQuery } from '../../api/query';
import { MARGIN_STATE_TEXT } from '../margin-account';
import { ReviewList, ReviewQueueScreen } from './ReviewQueue';
import { ApplicationDetail } from './MarginApplicationDetail';

const QUEUE_STATUSES = ['pending', 'approved', 'rejected'] as const;
type QueueStatus = (typeof QUEUE_STATUSES)[number];

const queueQuery = (status: QueueStatus) =>
  endpointInfiniteQuery(marginAccountAdminApi.queue, { query: { status, limit: 20 } }, { staleTime: 5_000, meta: { persist: false } });

/**
 * 信用口座 審査 (docs/domain.md "Margin account"): the referred applications (oldest first), each
 * with the answers and why the rules referred it; an admin approves or rejects with a reason (audited).
 * It sits here rather than in features/margin-account because the order ticket (trade) shows that
 * feature and this folder uses trade: no-feature-cycle (docs/decisions/024-margin-account.md).
 */
export function AdminMarginAccountsScreen() {
  const { i18n } = useLinguiCore();
  const { id } = useSearch({ from: '/admin/marginAccounts' });
  const [status, setStatus] = useState<QueueStatus>('pending');
  const queue = useInfiniteQuery(queueQuery(status));
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const open = id ? rows.find((r) => r.id === id) : undefined;
  return (
    <ReviewQueueScreen
      headingId="admin-margin-h"
      title={<Trans>信用口座 審査</Trans>}
      statuses={QUEUE_STATUSES}
      statusLabel={(s) => i18n._(MARGIN_STATE_TEXT[s])}
      status={status}
      onStatus={setStatus}
      query={queue}
      count={rows.length}
      empty={status === 'pending' ? <Trans>審査待ちの申し込みはありません</Trans> : <Trans>該当する申し込みはありません</Trans>}
    >
      <ReviewList
        to="/admin/marginAccounts"
        rows={rows}
        openId={id}
        row={(r) => (
          <>
            <span className="admin-kyc__name mono">{r.phone}</span>
            <span className="admin-note mono">{formatDateTime(r.appliedAt)}</span>
          </>
        )}
        detail={open ? <ApplicationDetail key={open.id} item={open} /> : null}
        hint={<Trans>申し込みを選ぶと回答と審査理由が表示されます</Trans>}
      />
    </ReviewQueueScreen>
  );
}
