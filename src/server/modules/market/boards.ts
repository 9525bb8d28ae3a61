import { invalid } from '../../errors';
import { Lru } from '../../platform/lru';
import { jstDate, type Board } from '../../../shared/market';
import { tradesOn } from '../../market';
import type { BoardSort, InstrumentRow } from '../../../shared/api/market';
import type { MarketService } from './service';

/*
 * Board lists (docs/domain.md market boards), sorted and paged. Prices move between two page
 * requests, so a plain offset would skip or repeat rows; the cursor therefore pins the instant of
 * the first page's snapshot, and every later page is cut from the same (deterministic) snapshot:
 * pages are complete and never overlap. The cursor is opaque (base64url JSON) and checked: it must
 * belong to the same board/sort/order, point inside the list, and name an instant that is neither
 * in the future (that would show prices before they happen) nor older than a day.
 */

export interface BoardQuery {
  board: Board;
  sort: BoardSort;
  order: 'asc' | 'desc';
  cursor?: string | undefined;
  limit: number;
}

export interface BoardPage {
  items: InstrumentRow[];
  next: string | null;
  total: number;
  at: number;
  simulated: true;
}

const MAX_CURSOR_AGE_MS = 24 * 60 * 60 * 1000;
const snapshots = new WeakMap<MarketService, Lru<string, InstrumentRow[]>>();

interface Cursor {
  /** Snapshot instant. */
  a: number;
  /** Offset of the next row. */
  o: number;
  /** board.sort.order the cursor was made for. */
  k: string;
}

function encode(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decode(text: string, key: string, now: number): Cursor {
  const bad = () => invalid('invalid_request', { field: 'cursor' });
  let c: Partial<Cursor>;
  try {
    c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<Cursor>;
  } catch {
    throw bad();
  }
  if (typeof c !== 'object' || c === null || c.k !== key) throw bad();
  if (!Number.isSafeInteger(c.a) || !Number.isSafeInteger(c.o)) throw bad();
  if (c.a! > now || c.a! < now - MAX_CURSOR_AGE_MS || c.a! % 1000 !== 0) throw bad();
  return c as Cursor;
}

/** Sort key, highest first for 'desc'; ties always break by code so the order is total. */
function compare(sort: BoardSort, order: 'asc' | 'desc') {
  const sign = order === 'desc' ? -1 : 1;
  return (a: InstrumentRow, b: InstrumentRow) => {
    const d = a[sort] - b[sort];
    if (d !== 0) return sign * d;
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  };
}

function snapshot(market: MarketService, q: BoardQuery, at: number): InstrumentRow[] {
  let cache = snapshots.get(market);
  if (!cache) {
    cache = new Lru(32);
    snapshots.set(market, cache);
  }
  return cache.getOr(`${q.board}.${q.sort}.${q.order}.${at}`, () =>
    market.source
      .instruments()
      // A currency against itself (JPY/JPY, fixed at 1) is no market to show on the board; a new
      // listing joins its board on its first day.
      .filter((i) => i.board === q.board && !i.fixed && tradesOn(i, jstDate(at)))
      .map((i) => market.row(i, at))
      .sort(compare(q.sort, q.order)),
  );
}

export function listBoard(market: MarketService, q: BoardQuery): BoardPage {
  const key = `${q.board}.${q.sort}.${q.order}`;
  const now = market.now();
  const cursor = q.cursor === undefined ? { a: now, o: 0, k: key } : decode(q.cursor, key, now);
  const rows = snapshot(market, q, cursor.a);
  // A cursor we issue always points at a row that exists.
  if (q.cursor !== undefined && (cursor.o <= 0 || cursor.o >= rows.length)) throw invalid('invalid_request', { field: 'cursor' });
  const end = cursor.o + q.limit;
  return {
    items: rows.slice(cursor.o, end),
    next: end < rows.length ? encode({ a: cursor.a, o: end, k: key }) : null,
    total: rows.length,
    at: cursor.a,
    simulated: true,
  };
}
