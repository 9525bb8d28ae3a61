import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { LoadingPane } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { Page } from '../../components/Page';
import { positionQuery } from './api';
import { PositionBody } from './PositionBody';
import { isUnfilledCashOrder } from './order-label';
import '../../components/positions.css';
import './trade.css';

/*
 * /trade/positionDetail: one order / position. The parts are in this folder: PositionBody.tsx (head,
 * notices, actions), PositionFields.tsx (every field), OrderDialogs.tsx (取消 / 訂正) and
 * CloseDialog.tsx (決済, with the server's estimate).
 */

/** Every field of a position, the notices, and close / cancel. */
export function PositionDetail({ id }: { id: string }) {
  const query = useQuery(positionQuery(id));
  const p = query.data;
  if (!p) {
    if (query.isError) {
      return <EmptyView icon={icons.alert} text={<Trans>この注文は見つかりませんでした</Trans>} hint={<Trans>通信状態をご確認のうえ、もう一度お試しください。</Trans>} />;
    }
    return (
      <LoadingPane size={28} />
    );
  }
  return <PositionBody p={p} />;
}

const positionDetailRoute = getRouteApi('/trade/positionDetail');

/** /trade/positionDetail?id= — one order / position: every field, notices, close and cancel. */
export function PositionDetailScreen() {
  const { t } = useLingui();
  const { id } = positionDetailRoute.useSearch();
  // The same cache entry PositionDetail reads: a cash order not filled yet is titled 注文詳細.
  const query = useQuery({ ...positionQuery(id ?? '', { silent: true }), enabled: !!id });
  const title = query.data && isUnfilledCashOrder(query.data) ? t`注文詳細` : t`建玉詳細`;
  return (
    <Page title={title} fallback="/trade/index">
      {id ? <PositionDetail id={id} /> : <EmptyView icon={icons.inbox} text={<Trans>表示する注文が指定されていません</Trans>} />}
    </Page>
  );
}

/** What /trade/positionDetail's loader fetches ahead (not awaited, failures not toasted). */
export function prefetchPosition(client: QueryClient, id: string | undefined): void {
  if (id) void client.prefetchQuery(positionQuery(id, { silent: true }));
}
