import type { QueryClient } from '@tanstack/react-query';
import { TRADES_LIVE, type InstrumentRow, type QuoteData, type StreamDepth } from '../../../shared/api/market';
import { marketKeys, watchlistKeys } from './keys';

/*
 * Live quotes into the query cache (pure apart from the QueryClient calls; unit-tested in
 * tests/unit/market-ui-stream.test.ts). A streamed quote updates every cached place that shows
 * the instrument — board rows, the watchlist, search results, the index list and the quote
 * detail — and nothing else. Unchanged rows keep their object identity, so memoised list rows
 * re-render only when their own figures moved; a quote older than what is cached is ignored
 * (events can arrive after a fresher fetch).
 *
 * The entries are named by the contract-derived keys of keys.ts, the same the reads use.
 */

/** A streamed quote is the contract's quote. */
export type StreamQuote = Omit<QuoteData, 'simulated'>;

/** The fields of a list row the stream refreshes. */
export type LiveRow = Pick<
  InstrumentRow,
  'code' | 'at' | 'session' | 'price' | 'prevClose' | 'change' | 'changeBp' | 'volume' | 'turnover' | 'limitState'
>;

const ROW_FIELDS = ['session', 'price', 'prevClose', 'change', 'changeBp', 'volume', 'turnover', 'limitState'] as const;

/** A row with the quote's figures, or the same row when the quote is older or changes nothing. */
export function patchRow<R extends LiveRow>(row: R, q: StreamQuote): R {
  if (row.code !== q.code || q.at < row.at) return row;
  let changed = q.at !== row.at;
  if (!changed) for (const f of ROW_FIELDS) if (row[f] !== q[f]) changed = true;
  if (!changed) return row;
  return {
    ...row,
    at: q.at,
    session: q.session,
    price: q.price,
    prevClose: q.prevClose,
    change: q.change,
    changeBp: q.changeBp,
    volume: q.volume,
    turnover: q.turnover,
    limitState: q.limitState,
  };
}

/** Rows patched from `updates`; the same array when no row changed. */
export function patchRows<R extends LiveRow>(rows: readonly R[], updates: ReadonlyMap<string, StreamQuote>): readonly R[] {
  let out: R[] | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const q = updates.get(row.code);
    if (!q) continue;
    const next = patchRow(row, q);
    if (next !== row) {
      out ??= rows.slice();
      out[i] = next;
    }
  }
  return out ?? rows;
}

const QUOTE_FIELDS = [
  'session',
  'tradingDate',
  'price',
  'prevClose',
  'open',
  'high',
  'low',
  'change',
  'changeBp',
  'volume',
  'turnover',
  'marketValue',
  'limitState',
  'bid',
  'ask',
] as const;

/** A quote detail (`{instrument, quote}`) with the streamed quote, or the same object. */
export function patchDetail<D extends { quote: StreamQuote }>(detail: D, q: StreamQuote): D {
  const cur = detail.quote;
  if (cur.code !== q.code || q.at < cur.at) return detail;
  let changed = q.at !== cur.at || cur.limits?.upper !== q.limits?.upper || cur.limits?.lower !== q.limits?.lower;
  if (!changed) for (const f of QUOTE_FIELDS) if (cur[f] !== q[f]) changed = true;
  if (!changed) return detail;
  return { ...detail, quote: { ...cur, ...q } };
}

interface ItemsData<R> {
  items: readonly R[];
}
interface InfiniteData<P> {
  pages: readonly P[];
  pageParams: readonly unknown[];
}

function patchItems<T extends ItemsData<LiveRow>>(data: T, updates: ReadonlyMap<string, StreamQuote>): T {
  const items = patchRows(data.items, updates);
  return items === data.items ? data : { ...data, items };
}

function patchDetails<T extends ItemsData<{ quote: StreamQuote }>>(data: T, updates: ReadonlyMap<string, StreamQuote>): T {
  let out: { quote: StreamQuote }[] | null = null;
  data.items.forEach((d, i) => {
    const q = updates.get(d.quote.code);
    if (!q) return;
    const next = patchDetail(d, q);
    if (next !== d) {
      out ??= data.items.slice();
      out[i] = next;
    }
  });
  return out ? { ...data, items: out } : data;
}

function isItems(v: unknown): v is ItemsData<LiveRow> {
  return typeof v === 'object' && v !== null && Array.isArray((v as { items?: unknown }).items);
}

function isInfinite(v: unknown): v is InfiniteData<ItemsData<LiveRow>> {
  return typeof v === 'object' && v !== null && Array.isArray((v as { pages?: unknown }).pages);
}

/**
 * Write a batch of streamed quotes (latest per code) into the cache. Returns how many cached
 * entries changed. Entries whose data did not change are not touched (no re-render, no save).
 */
export function applyQuotes(client: QueryClient, updates: ReadonlyMap<string, StreamQuote>): number {
  if (updates.size === 0) return 0;
  let changed = 0;
  const cache = client.getQueryCache();

  // Boards (infinite queries: pages of rows).
  for (const query of cache.findAll({ queryKey: marketKeys.instruments })) {
    const data = query.state.data;
    if (!isInfinite(data)) continue;
    let pages: ItemsData<LiveRow>[] | null = null;
    data.pages.forEach((page, i) => {
      if (!isItems(page)) return;
      const next = patchItems(page, updates);
      if (next !== page) {
        pages ??= data.pages.slice();
        pages[i] = next;
      }
    });
    if (pages) {
      client.setQueryData(query.queryKey, { ...data, pages });
      changed++;
    }
  }

  // Flat row lists: the watchlist, its groups and search results.
  const lists = [
    ...cache.findAll({ queryKey: watchlistKeys.all, exact: true }),
    ...cache.findAll({ queryKey: watchlistKeys.groups, exact: true }),
    ...cache.findAll({ queryKey: marketKeys.searches }),
  ];
  for (const query of lists) {
    const data = query.state.data;
    if (!isItems(data)) continue;
    const next = patchItems(data, updates);
    if (next !== data) {
      client.setQueryData(query.queryKey, next);
      changed++;
    }
  }

  // The index list (quote details).
  for (const query of cache.findAll({ queryKey: marketKeys.indices, exact: true })) {
    const data = query.state.data as ItemsData<{ quote: StreamQuote }> | undefined;
    if (!data || !Array.isArray(data.items)) continue;
    const next = patchDetails(data, updates);
    if (next !== data) {
      client.setQueryData(query.queryKey, next);
      changed++;
    }
  }

  // Quote details of single instruments.
  for (const [code, q] of updates) {
    const key = marketKeys.quote(code);
    const data = client.getQueryData<{ quote: StreamQuote }>(key);
    if (!data?.quote) continue;
    const next = patchDetail(data, q);
    if (next !== data) {
      client.setQueryData(key, next);
      changed++;
    }
  }
  return changed;
}

/**
 * A depth event into the cache: the book and the latest prints of its stock, unless what is cached
 * is newer (a fetch that answered after the event was sent). The prints go to the entry of the
 * limit they were sent for (TRADES_LIVE), the one the detail screen reads.
 */
export function applyDepth(client: QueryClient, depth: StreamDepth): void {
  const code = depth.book.code;
  const book = client.getQueryData<StreamDepth['book']>(marketKeys.book(code));
  if (!book || book.at <= depth.book.at) client.setQueryData(marketKeys.book(code), depth.book);
  const key = marketKeys.trades(code, TRADES_LIVE);
  const trades = client.getQueryData<StreamDepth['trades']>(key);
  if (!trades || trades.at <= depth.trades.at) client.setQueryData(key, depth.trades);
}
