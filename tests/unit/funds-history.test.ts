import { describe, expect, it } from 'vitest';
import { closeOnOrBefore, dayChange, equityByDay, grossPnlAt, heldAt, rangeDays, type HeldRow } from '../../src/server/modules/funds/history-rules';
import { dayNumber } from '../../src/shared/market';

/** The asset history's pure rules (docs/domain.md "Asset history"). Prices in priceScale 10. */
describe('asset history rules', () => {
  it('a range ends today and starts at its lookback or the first activity, whichever is later', () => {
    expect(rangeDays('1m', '2026-11-26', '2026-01-01')).toHaveLength(31);
    expect(rangeDays('1m', '2026-11-26', '2026-11-25')).toEqual(['2026-11-25', '2026-11-26']);
    expect(rangeDays('1y', '2026-11-26', null)).toEqual(['2026-11-26']);
    expect(rangeDays('all', '2026-11-26', '2026-11-20')).toHaveLength(7);
    expect(rangeDays('3m', '2026-11-26', '2020-01-01')[0]).toBe('2026-08-27');
  });

  const row: HeldRow = { code: '7203', direction: 'up', quantity: 200, price_scale: 10, contract_value: 500_000, buy_time: 1_000, sell_time: 5_000, actions_through: null };

  it('held at a day end: bought before it, not closed before it', () => {
    expect(heldAt(row, 1_000)).toBe(false);
    expect(heldAt(row, 1_001)).toBe(true);
    expect(heldAt(row, 5_000)).toBe(true);
    expect(heldAt(row, 5_001)).toBe(false);
    expect(heldAt({ ...row, sell_time: null }, 9e12)).toBe(true);
    expect(heldAt({ ...row, buy_time: null }, 9e12)).toBe(false);
  });

  it('values the price difference at the close, long and short, and undoes a later split', () => {
    expect(grossPnlAt(row, '2026-11-24', 26_000, [])).toBe(20_000); // 200 × ¥2,600 − ¥500,000
    expect(grossPnlAt({ ...row, direction: 'down' }, '2026-11-24', 26_000, [])).toBe(-20_000);
    // Split 1:2 on 11-25, applied to the row (400 shares now): on 11-24 the close was the unsplit price.
    const split = [{ exDate: '2026-11-25', ratio: 2 }];
    const after = { ...row, quantity: 400, actions_through: '2026-11-25' };
    expect(grossPnlAt(after, '2026-11-24', 26_000, split)).toBe(20_000);
    expect(grossPnlAt(after, '2026-11-25', 13_000, split)).toBe(20_000);
    expect(grossPnlAt({ ...row, contract_value: null }, '2026-11-24', 26_000, [])).toBe(0);
  });

  it('finds the last close on or before a day (weekends carry Friday’s)', () => {
    const bars = [{ date: '2026-11-20', close: 1 }, { date: '2026-11-24', close: 2 }, { date: '2026-11-25', close: 3 }];
    expect(closeOnOrBefore(bars, '2026-11-19')).toBeNull();
    expect(closeOnOrBefore(bars, '2026-11-22')).toBe(1);
    expect(closeOnOrBefore(bars, '2026-11-24')).toBe(2);
    expect(closeOnOrBefore(bars, '2026-12-01')).toBe(3);
    expect(closeOnOrBefore([], '2026-12-01')).toBeNull();
  });

  it('runs the equity forward from per-day sums, including days before the range', () => {
    const d = (s: string) => dayNumber(s);
    const deltas = [{ day: d('2026-11-25'), amount: -300 }, { day: d('2026-11-01'), amount: 1_000 }, { day: d('2026-11-27'), amount: 50 }];
    expect(equityByDay(deltas, ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'])).toEqual([1_000, 700, 700, 750]);
  });

  it('当日損益 leaves deposits, withdrawals and grants out', () => {
    expect(dayChange(1_100_000, 1_000_000, 0)).toEqual({ dayChange: 100_000, dayChangeBp: 1_000 });
    expect(dayChange(1_300_000, 1_000_000, 300_000)).toEqual({ dayChange: 0, dayChangeBp: 0 });
    expect(dayChange(700_000, 1_000_000, -300_000)).toEqual({ dayChange: 0, dayChangeBp: 0 });
    expect(dayChange(990_000, 0, 1_000_000)).toEqual({ dayChange: -10_000, dayChangeBp: -100 });
    expect(dayChange(0, 0, 0)).toEqual({ dayChange: 0, dayChangeBp: 0 });
  });
});
