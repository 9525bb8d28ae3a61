import { useInfiniteQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { blockApi } from '../../../shared/api/block';
import { endpointInfiniteQuery } from '../../api/query';
import { EmptyView } from '../../components/EmptyView';
import { Page } from '../../components/Page';
import { LoadingPane } from '../../components/Spinner';
import * as icons from '../../components/icons';
import { POSITIONS_POLL_MS, PositionRow } from '../trade';

/** The user's block-trade purchases (`GET block/orders`), newest first, paged by cursor. */
export function blockOrdersQuery() {
  return endpointInfiniteQuery(blockApi.orders, { query: { limit: 50 } }, { refetchInterval: POSITIONS_POLL_MS, staleTime: 0 });
}

/** The user's block-trade purchases (positions), newest first. */
export function BlockOrderList() {
  const query = useInfiniteQuery(blockOrdersQuery());
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending) {
    return (
      <LoadingPane />
    );
  }
  if (items.length === 0) {
    return query.isError ? (
      <EmptyView icon={icons.alert} text={<Trans>注文履歴を読み込めませんでした</Trans>} />
    ) : (
      <EmptyView icon={icons.inbox} text={<Trans>ブロック取引の注文履歴はありません</Trans>} />
    );
  }
  return (
    <>
      <ul className="pos-list">
        {items.map((p) => (
          <PositionRow key={p.id} p={p} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <button type="button" className="btn btn--text btn--block" onClick={() => void query.fetchNextPage()}>
          <Trans>さらに表示</Trans>
        </button>
      ) : null}
    </>
  );
}

/** /home/blockTrade2 — the user's block-trade purchases (locked until their lock ends). */
export function BlockOrdersScreen() {
  const { t } = useLingui();
  return (
    <Page title={t`ブロック取引の注文履歴`} fallback="/home/blockTrade">
      <BlockOrderList />
    </Page>
  );
}
