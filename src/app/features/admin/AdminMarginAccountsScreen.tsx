import { useSearch } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { marginAccountAdminApi } from '../../../shared/api/margin-account';
import { formatDateTime } from '../../../shared/money';
import { MARGIN_STATE_TEXT } from '../margin-account';
import { ReviewList, ReviewQueueScreen } from './ReviewQueue';
import { REVIEW_QUEUE_STATUSES, useReviewQueue } from './useReviewQueue';
import { ApplicationDetail } from './MarginApplicationDetail';

/**
 * 信用口座 審査 (docs/domain.md "Margin account"): the referred applications (oldest first), each
 * with the answers and why the rules referred it; an admin approves or rejects with a reason (audited).
 * It sits here rather than in features/margin-account because the order ticket (trade) shows that
 * feature and this folder uses trade: no-feature-cycle (docs/decisions/024-margin-account.md).
 */
export function AdminMarginAccountsScreen() {
  const { i18n } = useLinguiCore();
  const { id } = useSearch({ from: '/admin/marginAccounts' });
  const { status, setStatus, queue, rows, open } = useReviewQueue(marginAccountAdminApi.queue, id);
  return (
    <ReviewQueueScreen
      headingId="admin-margin-h"
      title={<Trans>信用口座 審査</Trans>}
      statuses={REVIEW_QUEUE_STATUSES}
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
