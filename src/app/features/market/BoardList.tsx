import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useInfiniteQuery, useIsRestoring } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyView } from '../../components/EmptyView';
import { Spinner } from '../../components/Spinner';
import * as shellIcons from '../../components/icons';
import { formatDateTime } from '../../../shared/money';
import { useOnline } from '../../query/online';
import type { BoardId, SortField, SortOrder } from '../../api/quotes/keys';
import { useLiveQuotes } from '../../api/quotes/live';
import { QuoteRow, ROW_HEIGHT, type RowData } from './QuoteRow';
import { boardQuery } from './api';
import { useRanking } from './ranking';

/** Live quotes are asked for in blocks of this many rows around what is on screen. */
export const LIVE_BLOCK = 20;

/** The codes to keep live for rows first…last on screen: whole blocks, so small scrolls change nothing. */
export function liveRange(first: number, last: number, total: number, block = LIVE_BLOCK): [number, number] {
  if (total <= 0 || last < first) return [0, 0];
  const from = Math.max(0, Math.floor(first / block) * block);
  const to = Math.min(total, (Math.floor(last / block) + 1) * block);
  return [from, to];
}

export interface BoardListProps {
  rows: readonly RowData[];
  metric: SortField;
  hrefOf: (row: RowData) => string;
  onOpen?: (row: RowData, e: MouseEvent<HTMLAnchorElement>) => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMore?: () => void;
  /** Subscribe the rows on screen to the quote stream (default true; the benchmark drives it itself). */
  live?: boolean;
  subOf?: (row: RowData) => string | undefined;
}

/**
 * A virtualized list of quote rows scrolling with the page (window virtualizer): only the rows on
 * screen (plus a few) are in the DOM, and only those are subscribed to the stream. Rows are
 * memoised on their data, so a streamed quote re-renders its own row only.
 */
export function BoardList({ rows, metric, hrefOf, onOpen, hasMore, loadingMore, loadMore, live = true, subOf }: BoardListProps) {
  const { i18n } = useLingui();
  const locale = i18n.locale || 'ja';
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);

  // Where the list starts in the page (content above it can change height: re-measure on resize).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    if (el.parentElement) ro.observe(el.parentElement);
    return () => ro.disconnect();
  }, []);

  const count = rows.length + (hasMore ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    scrollMargin: margin,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  // Load the next page when its placeholder row comes near.
  useEffect(() => {
    if (hasMore && !loadingMore && last >= rows.length - 5) loadMore?.();
  }, [hasMore, loadingMore, last, rows.length, loadMore]);

  const [from, to] = liveRange(first, Math.min(last, rows.length - 1), rows.length);
  const liveCodes = useMemo(() => (live ? rows.slice(from, to).map((r) => r.code) : []), [live, rows, from, to]);
  useLiveQuotes(liveCodes);

  return (
    <div ref={listRef} className="qlist" style={{ height: virtualizer.getTotalSize() }} role="list">
      {items.map((item) => {
        const row = rows[item.index];
        return (
          <div
            key={row ? row.code : 'more'}
            role="listitem"
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              right: 0,
              height: ROW_HEIGHT,
              transform: `translateY(${item.start - margin}px)`,
            }}
          >
            {row ? (
              <QuoteRow row={row} metric={metric} locale={locale} href={hrefOf(row)} onOpen={onOpen} sub={subOf?.(row)} showPercent={metric === 'volume' || metric === 'turnover'} />
            ) : (
              <div className="qlist__more">{loadingMore ? <Spinner size={20} /> : null}</div>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** Skeleton rows while a board loads for the first time (never longer than the first request). */
export function RowsSkeleton({ n = 8 }: { n?: number }) {
  return (
    <div className="qlist" aria-hidden="true">
      {Array.from({ length: n }, (_, i) => (
        <div key={i} className="qrow qrow--skeleton">
          <span className="qrow__name">
            <span className="qrow__title">—————</span>
            <span className="qrow__sub">————</span>
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * A market board: fetches (paged), shows and keeps live. Offline it shows what the cache has; with
 * nothing cached it says so instead of spinning.
 */
export function BoardView({
  board,
  sort,
  order,
  hrefOf,
  onOpen,
  subOf,
  live = true,
}: {
  board: BoardId;
  sort: SortField;
  order: SortOrder;
  hrefOf: (row: RowData) => string;
  onOpen?: (row: RowData, e: MouseEvent<HTMLAnchorElement>) => void;
  subOf?: (row: RowData) => string | undefined;
  live?: boolean;
}) {
  const online = useOnline();
  const restoring = useIsRestoring();
  const query = useInfiniteQuery(boardQuery(board, sort, order));
  const pages = query.data?.pages;
  const fetched = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  // The stream moves the numbers; keep the ranking in order, re-ranked at most once a second.
  const rows = useRanking(fetched, sort, order);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  const loadMore = useMemo(() => () => void fetchNextPage(), [fetchNextPage]);

  if (!pages) {
    if (!restoring && (query.isError || !online)) {
      return (
        <EmptyView
          icon={shellIcons.alert}
          text={online ? <Trans>相場を読み込めませんでした</Trans> : <Trans>オフラインです。この一覧はまだ保存されていません。</Trans>}
          action={
            online ? (
              <button type="button" className="btn btn--secondary" onClick={() => void query.refetch()}>
                <Trans>再読み込み</Trans>
              </button>
            ) : undefined
          }
        />
      );
    }
    return <RowsSkeleton />;
  }
  if (rows.length === 0) return <EmptyView text={<Trans>表示できる銘柄がありません</Trans>} />;
  const at = pages[0]?.at;
  const asOf = formatDateTime(query.dataUpdatedAt || at || 0);
  return (
    <>
      <BoardList
        rows={rows}
        metric={sort}
        hrefOf={hrefOf}
        onOpen={onOpen}
        subOf={subOf}
        hasMore={hasNextPage && online}
        loadingMore={isFetchingNextPage}
        loadMore={loadMore}
        live={live}
      />
      {at ? (
        <p className="mkt-asof">
          <Trans>{asOf} 時点</Trans>
        </p>
      ) : null}
    </>
  );
}
