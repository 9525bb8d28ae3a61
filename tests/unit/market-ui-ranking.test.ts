// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { RERANK_MS, arrange, compareRows, isRanked, rankRows, useRanking } from '../../src/app/features/market/ranking';

const row = (code: string, changeBp: number, volume = 0) => ({ code, changeBp, volume, turnover: 0, price: 0 });
const codes = (rows: readonly { code: string }[]) => rows.map((r) => r.code);

afterEach(() => vi.useRealTimers());

describe('board ranking (pure)', () => {
  it('orders by the key like the server, ties by code', () => {
    const rows = [row('B', 219), row('A', 225), row('C', 217), row('D', 225)];
    expect(codes(rankRows(rows, 'changeBp', 'desc'))).toEqual(['A', 'D', 'B', 'C']);
    expect(codes(rankRows(rows, 'changeBp', 'asc'))).toEqual(['C', 'B', 'A', 'D']);
    expect(compareRows('volume', 'desc')(row('A', 0, 5), row('B', 0, 9))).toBeGreaterThan(0);
    expect(isRanked(rankRows(rows, 'changeBp', 'desc'), 'changeBp', 'desc')).toBe(true);
    expect(isRanked(rows, 'changeBp', 'desc')).toBe(false);
    expect(isRanked([], 'changeBp', 'desc')).toBe(true);
  });

  it('keeps the placed order with fresh rows, appends new ones and drops gone ones', () => {
    const fresh = [row('A', 1), row('B', 2), row('C', 3), row('E', 5)];
    const out = arrange(fresh, ['C', 'X', 'A', 'B']);
    expect(codes(out)).toEqual(['C', 'A', 'B', 'E']);
    expect(out[0]).toBe(fresh[2]); // the fresh object, not a stale copy
    expect(arrange(fresh, null)).toBe(fresh);
  });
});

describe('useRanking (throttled)', () => {
  it('re-ranks when ticks break the order, at most once per RERANK_MS', () => {
    vi.useFakeTimers();
    let rows = [row('A', 225), row('B', 219), row('C', 217)];
    const { result, rerender } = renderHook(({ r }) => useRanking(r, 'changeBp', 'desc'), { initialProps: { r: rows } });
    expect(codes(result.current)).toEqual(['A', 'B', 'C']);

    // A tick lifts C to the top: re-ranked (the first re-ranking is immediate).
    rows = [row('A', 225), row('B', 219), row('C', 230)];
    rerender({ r: rows });
    expect(codes(result.current)).toEqual(['A', 'B', 'C']); // fresh numbers in the old places until the timer
    expect(result.current[2]!.changeBp).toBe(230);
    act(() => vi.advanceTimersByTime(0));
    expect(codes(result.current)).toEqual(['C', 'A', 'B']);

    // Ticks right after: the rows stay put until a second has passed since the last re-ranking…
    rows = [row('A', 240), row('B', 219), row('C', 230)];
    rerender({ r: rows });
    act(() => vi.advanceTimersByTime(400));
    rows = [row('A', 240), row('B', 250), row('C', 230)];
    rerender({ r: rows });
    act(() => vi.advanceTimersByTime(400));
    expect(codes(result.current)).toEqual(['C', 'A', 'B']);
    // …then once, with the latest numbers (a steady stream cannot postpone it).
    act(() => vi.advanceTimersByTime(RERANK_MS - 800));
    expect(codes(result.current)).toEqual(['B', 'A', 'C']);
    expect(isRanked(result.current, 'changeBp', 'desc')).toBe(true);
  });

  it('does nothing while the rows stay in order', () => {
    vi.useFakeTimers();
    const rows = [row('A', 3), row('B', 2)];
    const { result, rerender } = renderHook(({ r }) => useRanking(r, 'changeBp', 'desc'), { initialProps: { r: rows } });
    const next = [row('A', 4), row('B', 1)];
    rerender({ r: next });
    expect(result.current).toBe(next);
    expect(vi.getTimerCount()).toBe(0);
  });
});
