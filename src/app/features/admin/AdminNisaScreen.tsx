import { useSearch } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { taxAccountAdminApi } from '../../../shared/api/tax-account';
import { formatDateTime } from '../../../shared/money';
import { NISA_STATE_TEXT } from '../tax-account';
import { ReviewList, ReviewQueueScreen } from './ReviewQueue';
import { REVIEW_QUEUE_STATUSES, useReviewQueue } from './useReviewQueue';
import { NisaApplicationDetail } from './NisaApplicationDetail';

/**
 * NISA 審査 (docs/domain.md "Account types and NISA"): the NISA applications, oldest first; an admin
 * approves (after the 税務署's confirmation) or rejects with a reason the user sees (audited). It
 * sits here rather than in features/tax-account because trade imports that area (its badges), as
 * with the margin-account queue (docs/decisions/024-margin-account.md).
 */
export function AdminNisaScreen() {
  const { i18n } = useLinguiCore();
  const { id } = useSearch({ from: '/admin/nisa' });
  const { status, setStatus, queue, rows, open } = useReviewQueue(taxAccountAdminApi.queue, id);
  return (
    <ReviewQueueScreen
      headingId="admin-nisa-h"
      title={<Trans>NISA 審査</Trans>}
      statuses={REVIEW_QUEUE_STATUSES}
      statusLabel={(s) => i18n._(NISA_STATE_TEXT[s])}
      status={status}
      onStatus={setStatus}
      query={queue}
      count={rows.length}
      empty={status === 'pending' ? <Trans>審査待ちの申し込みはありません</Trans> : <Trans>該当する申し込みはありません</Trans>}
    >
      <ReviewList
        to="/admin/nisa"
        rows={rows}
        openId={id}
        row={(r) => (
          <>
            <span className="admin-kyc__name mono">{r.phone}</span>
            <span className="admin-note mono">{formatDateTime(r.appliedAt)}</span>
          </>
        )}
        detail={open ? <NisaApplicationDetail key={open.id} item={open} /> : null}
        hint={<Trans>申し込みを選ぶと内容が表示されます</Trans>}
      />
    </ReviewQueueScreen>
  );
}
