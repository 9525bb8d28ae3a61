import { Suspense, lazy, useCallback } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { IndexTicker } from './IndexTicker';
import { detailPath } from './names';
import { TabList } from './parts';
import type { RowData } from './QuoteRow';
import type { MARKET_BOARDS, MARKET_SORTS } from '../../routes/-lib/search';
import { BoardView } from './BoardList';

// The Subscription and Auction tabs' lists (with their schemas) load only when one of those tabs is
// open: the board's first render does not evaluate them (Lighthouse TBT, issue 19).
const OfferingList = lazy(() => import('../ipo/OfferingList').then((m) => ({ default: m.OfferingList })));
const BlockOfferList = lazy(() => import('../block/OfferList').then((m) => ({ default: m.BlockOfferList })));

export type Tab = (typeof MARKET_BOARDS)[number];
export type Sort = (typeof MARKET_SORTS)[number];
export type MarketSearch = { tab?: Tab; sort?: Sort; order?: 'asc' | 'desc' };

/**
 * Everything of /market/index below the note: the index ticker, the six tabs, the sort buttons and
 * the board. Its own chunk, mounted by MarketScreen after the first paint
 * (docs/decisions/020-first-load-and-prerender.md).
 */
export default function MarketBoards({
  tab,
  sort,
  order,
  setSearch,
}: {
  tab: Tab;
  sort: Sort;
  order: 'asc' | 'desc';
  setSearch: (next: MarketSearch) => void;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const tabs: { id: Tab; label: string }[] = [
    { id: 'listed', label: t`上場` },
    { id: 'otc', label: t`店頭` },
    { id: 'ipo', label: t`公募` },
    { id: 'auction', label: t`オークション` },
    { id: 'crypto', label: t`暗号資産` },
    { id: 'fx', label: t`外国為替` },
  ];
  const sorts: { id: string; sort: Sort; order: 'asc' | 'desc'; label: string }[] = [
    { id: 'up', sort: 'changeBp', order: 'desc', label: t`値上がり率` },
    { id: 'down', sort: 'changeBp', order: 'asc', label: t`値下がり率` },
    { id: 'volume', sort: 'volume', order: 'desc', label: t`出来高` },
    { id: 'turnover', sort: 'turnover', order: 'desc', label: t`売買代金` },
    { id: 'price', sort: 'price', order: 'desc', label: t`株価` },
  ];
  const hints: Record<Tab, string> = {
    listed: t`東証プライム・スタンダード`,
    otc: t`東証グロース・名証・福証・札証`,
    ipo: '',
    auction: '',
    crypto: t`暗号資産の円建て価格（24時間）`,
    fx: t`主要9通貨の対円レート（平日）`,
  };

  const hrefOf = useCallback((row: RowData) => `#${detailPath(row.kind)}?code=${encodeURIComponent(row.code)}`, []);
  const onOpen = useCallback(
    (row: RowData) => void navigate({ to: detailPath(row.kind), search: { code: row.code } }),
    [navigate],
  );
  const metricLabel = sort === 'volume' ? t`出来高` : sort === 'turnover' ? t`売買代金` : t`騰落率`;
  const board = tab === 'listed' || tab === 'otc' || tab === 'crypto' || tab === 'fx' ? tab : null;

  return (
    <>
        <IndexTicker showFoot={false} />
        <div className="mkt-sticky">
          <TabList items={tabs} value={tab} onChange={(id) => setSearch({ tab: id })} label={t`市場`} idPrefix="board" />
          {board ? (
            <div className="mkt-sorts" role="group" aria-label={t`並び替え`}>
              {sorts.filter((s) => tab !== 'fx' || s.sort === 'changeBp' || s.sort === 'price').map((s) => (
                <button
                  key={s.id}
                  type="button"
                  className="seg__btn"
                  aria-pressed={s.sort === sort && s.order === order}
                  onClick={() => setSearch({ sort: s.sort, order: s.order })}
                >
                  {s.label}
                </button>
              ))}
            </div>
          ) : null}
          {board ? <p className="mkt-hint">{hints[tab]}</p> : null}
          {board ? (
            <div className="mkt-head" aria-hidden="true">
              <span>
                <Trans>銘柄</Trans>
              </span>
              <span>
                <Trans>現在値・前日比</Trans>
              </span>
              <span>{metricLabel}</span>
            </div>
          ) : null}
        </div>
        <div id="board-panel" role="tabpanel" aria-labelledby={`board-tab-${tab}`}>
          {board ? (
            <BoardView key={`${board}:${sort}:${order}`} board={board} sort={sort} order={order} hrefOf={hrefOf} onOpen={onOpen} />
          ) : tab === 'ipo' ? (
            // The Subscription tab lists IPO and PO offerings (docs/domain.md "Market boards"), as /home/newStock does.
            <div className="mkt-auction" style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
              <p className="mkt-hint">
                <Trans>新規公開株・公募の案件（抽選）</Trans>
              </p>
              <Suspense fallback={null}>
                <OfferingList />
              </Suspense>
              <Link to="/home/ipo/sgList" className="btn btn--secondary btn--block">
                <Trans>IPOの申込履歴</Trans>
              </Link>
            </div>
          ) : (
            // The Auction tab is the block-trade board (docs/domain.md "Market boards"): the same offers as /home/blockTrade.
            <div className="mkt-auction" style={{ display: 'flex', flexDirection: 'column', gap: '0.75rem' }}>
              <p className="mkt-hint">
                <Trans>ブロック取引の案件（取引価格での現物購入）</Trans>
              </p>
              <Suspense fallback={null}>
                <BlockOfferList />
              </Suspense>
              <Link to="/home/blockTrade2" className="btn btn--secondary btn--block">
                <Trans>ブロック取引の注文履歴</Trans>
              </Link>
            </div>
          )}
        </div>
    </>
  );
}
