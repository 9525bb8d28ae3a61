import { useState } from 'react';
import { Link, useSearch } from '@tanstack/react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLingui as useLinguiCore } from '@lingui/react';
import { marginAccountAdminApi } from '../../../shared/api/margin-account';
import { formatDateTime } from '../../../shared/money';
import { Segmented } from '../../components/Segmented';
import { endpointInfiniteQuery } from '../../api/query';
import { MARGIN_STATE_TEXT } from '../margin-account';
import { QueueBody } from './QueueBody';
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
  const { t } = useLingui();
  const { i18n } = useLinguiCore();
  const { id } = useSearch({ from: '/admin/marginAccounts' });
  const [status, setStatus] = useState<QueueStatus>('pending');
  const queue = useInfiniteQuery(queueQuery(status));
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const open = id ? rows.find((r) => r.id === id) : undefined;
  return (
    <section className="admin-screen" aria-labelledby="admin-margin-h">
      <h2 id="admin-margin-h" className="admin-screen__title">
        <Trans>信用口座 審査</Trans>
      </h2>
      <Segmented label={t`状態`} value={status} options={QUEUE_STATUSES.map((s) => ({ value: s, label: i18n._(MARGIN_STATE_TEXT[s]) }))} onChange={(v) => setStatus(v as QueueStatus)} />
      <QueueBody query={queue} count={rows.length} empty={status === 'pending' ? <Trans>審査待ちの申し込みはありません</Trans> : <Trans>該当する申し込みはありません</Trans>}>
        <div className="admin-kyc">
          <ul className="admin-kyc__list">
            {rows.map((r) => (
              <li key={r.id}>
                <Link
                  to="/admin/marginAccounts"
                  search={{ id: r.id }}
                  className={r.id === id ? 'admin-kyc__item admin-kyc__item--open' : 'admin-kyc__item'}
                  aria-current={r.id === id ? 'true' : undefined}
                >
                  <span className="admin-kyc__name mono">{r.phone}</span>
                  <span className="admin-note mono">{formatDateTime(r.appliedAt)}</span>
                </Link>
              </li>
            ))}
          </ul>
          {open ? <ApplicationDetail key={open.id} item={open} /> : <p className="admin-note admin-kyc__hint"><Trans>申し込みを選ぶと回答と審査理由が表示されます</Trans></p>}
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
