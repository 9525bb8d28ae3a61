import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';

/**
 * A review queue's body (KYC, deposits, withdrawals): loading, failed, empty with the queue's own
 * words, or the rows.
 */
export function QueueBody({ query, count, empty, children }: { query: { isPending: boolean; isError: boolean }; count: number; empty: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  if (query.isPending) return <Spinner label={t`読み込み中…`} />;
  if (query.isError) return <EmptyView compact text={<Trans>審査キューを読み込めませんでした</Trans>} />;
  if (count === 0) return <EmptyView compact text={empty} />;
  return <>{children}</>;
}
