import { describe, expect, it } from 'vitest';
import { clockOffset, countdown, formatCountdown } from '../../src/app/features/trade/countdown';
import { offerPhase } from '../../src/shared/domain/block-offer';
import { cashChange, recordLines } from '../../src/app/features/funds/RecordList';

const T = Date.parse('2026-11-24T15:30:00+09:00'); // the closing match

describe('day-trade auto-close countdown', () => {
  it('counts hours, minutes and seconds to the close', () => {
    const c = countdown(T, Date.parse('2026-11-24T13:58:57+09:00'));
    expect([c.hours, c.minutes, c.seconds, c.done]).toEqual([1, 31, 3, false]);
    expect(formatCountdown(c)).toBe('01:31:03');
  });
  it('rounds a partial second up: the last second shows 00:00:01 until it has passed', () => {
    expect(formatCountdown(countdown(T, T - 1))).toBe('00:00:01');
    expect(formatCountdown(countdown(T, T - 1000))).toBe('00:00:01');
    expect(formatCountdown(countdown(T, T - 1001))).toBe('00:00:02');
  });
  it('is done at the close and never negative after it', () => {
    expect(countdown(T, T).done).toBe(true);
    const after = countdown(T, T + 60_000);
    expect(after.ms).toBe(0);
    expect(after.done).toBe(true);
    expect(formatCountdown(after)).toBe('00:00:00');
  });
  it('hours go past 24 when the close is days away', () => {
    expect(formatCountdown(countdown(T, T - 50 * 3600_000))).toBe('50:00:00');
  });
  it('runs on the market clock: offset = quote time − arrival time', () => {
    const arrived = Date.parse('2026-11-22T08:00:00Z'); // this browser's clock
    const marketAt = Date.parse('2026-11-24T15:00:00+09:00'); // the server's (test) market clock
    const offset = clockOffset(marketAt, arrived);
    expect(formatCountdown(countdown(T, arrived + offset))).toBe('00:30:00');
    expect(formatCountdown(countdown(T, arrived + 10_000 + offset))).toBe('00:29:50');
    expect(clockOffset(null, arrived)).toBe(0);
    expect(clockOffset(marketAt, 0)).toBe(0);
  });
});

describe('block-trade offer window', () => {
  const o = { from: 1_000, to: 2_000, sharesAvailable: 100 };
  it('upcoming before the window, open inside it while shares are left, ended after it', () => {
    expect(offerPhase(o, 500)).toBe('upcoming');
    expect(offerPhase(o, 1_000)).toBe('open');
    expect(offerPhase(o, 2_000)).toBe('ended');
    expect(offerPhase({ ...o, sharesAvailable: 0 }, 1_500)).toBe('ended');
  });
});

describe('fund record lines', () => {
  const close = {
    kind: 'trade_close' as const,
    currency: 'JPY',
    lines: [
      { type: 'principal' as const, amount: 259_900 },
      { type: 'pnl' as const, amount: 5_000 },
      { type: 'fee' as const, amount: -275 },
    ],
    postings: [
      { currency: 'JPY', kind: 'margin', amount: -259_900 },
      { currency: 'JPY', kind: 'cash', amount: 259_900 },
      { currency: 'JPY', kind: 'cash', amount: 5_000 },
      { currency: 'JPY', kind: 'cash', amount: -275 },
    ],
  };
  it('a close always shows its fee and tax lines, at ¥0 when nothing was charged', () => {
    const lines = recordLines(close);
    expect(lines.map((l) => l.type)).toEqual(['principal', 'pnl', 'fee', 'tax']);
    expect(lines.find((l) => l.type === 'tax')!.amount).toBe(0);
  });
  it('the lines add up to the change of free cash', () => {
    const sum = recordLines(close).reduce((s, l) => s + l.amount, 0);
    expect(cashChange(close)).toBe(264_625);
    expect(sum).toBe(cashChange(close));
  });
  it('other kinds show only their own lines', () => {
    expect(recordLines({ kind: 'demo_grant', lines: [{ type: 'grant', amount: 1_000_000 }] })).toEqual([{ type: 'grant', amount: 1_000_000 }]);
  });
});
