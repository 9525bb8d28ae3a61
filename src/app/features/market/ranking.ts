import { useEffect, useMemo, useRef, useState } from 'react';
import type { SortField, SortOrder } from '../../api/quotes/keys';

/*
 * Keeping a board in rank order while the stream moves its numbers (issue 13: "+2.19, +2.25,
 * +2.17…"). The stream patches each row where it is; the rows are re-ranked at most once per
 * RERANK_MS, so the list stays sorted without rows jumping under a finger on every tick. Between
 * re-rankings the rows keep their places and show their fresh numbers. Unit-tested in
 * tests/unit/market-ui-ranking.test.ts.
 */

export const RERANK_MS = 1_000;

type Ranked = { code: string } & Record<SortField, number>;

/** The server's board order (src/server/modules/market/boards.ts): the key, ties by code, so the order is total. */
export function compareRows(sort: SortField, order: SortOrder) {
  const sign = order === 'desc' ? -1 : 1;
  return (a: Ranked, b: Ranked): number => {
    const d = a[sort] - b[sort];
    if (d !== 0) return sign * d;
    return a.code < b.code ? -1 : a.code > b.code ? 1 : 0;
  };
}

export function rankRows<R extends Ranked>(rows: readonly R[], sort: SortField, order: SortOrder): R[] {
  return [...rows].sort(compareRows(sort, order));
}

export function isRanked(rows: readonly Ranked[], sort: SortField, order: SortOrder): boolean {
  const cmp = compareRows(sort, order);
  for (let i = 1; i < rows.length; i++) if (cmp(rows[i - 1]!, rows[i]!) > 0) return false;
  return true;
}

/**
 * The fresh rows in the places of `placed` (codes, as last ranked); rows not placed yet (a page
 * loaded since) follow in their own order; codes no longer present are dropped. Null: as given.
 */
export function arrange<R extends { code: string }>(rows: readonly R[], placed: readonly string[] | null): readonly R[] {
  if (!placed) return rows;
  const byCode = new Map(rows.map((r) => [r.code, r]));
  const out: R[] = [];
  const seen = new Set<string>();
  for (const code of placed) {
    const r = byCode.get(code);
    if (r && !seen.has(code)) {
      out.push(r);
      seen.add(code);
    }
  }
  if (out.length === rows.length) return out;
  for (const r of rows) if (!seen.has(r.code)) out.push(r);
  return out;
}

/**
 * `rows` in rank order by `sort`/`order`, re-ranked at most once per `everyMs`: when the numbers
 * break the order, the next re-ranking happens `everyMs` after the previous one (a deadline, not a
 * debounce, so a steady stream of ticks cannot postpone it forever).
 */
export function useRanking<R extends Ranked>(rows: readonly R[], sort: SortField, order: SortOrder, everyMs = RERANK_MS): readonly R[] {
  const [placed, setPlaced] = useState<string[] | null>(null);
  const last = useRef(Number.NEGATIVE_INFINITY);
  const latest = useRef(rows);
  latest.current = rows;
  const shown = useMemo(() => arrange(rows, placed), [rows, placed]);
  const ranked = useMemo(() => isRanked(shown, sort, order), [shown, sort, order]);

  useEffect(() => {
    if (ranked) return;
    const wait = Math.max(0, last.current + everyMs - Date.now());
    const timer = setTimeout(() => {
      last.current = Date.now();
      setPlaced(rankRows(latest.current, sort, order).map((r) => r.code));
    }, wait);
    return () => clearTimeout(timer);
  }, [ranked, shown, sort, order, everyMs]);

  return shown;
}
