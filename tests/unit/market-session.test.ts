import { describe, expect, it } from 'vitest';
import {
  acceptsOrders,
  continuousMinuteStarts,
  CONTINUOUS_MINUTES,
  cryptoIsOpen,
  fxDayOf,
  fxIsOpen,
  isContinuousTrading,
  jstMs,
  sessionAt,
  FX_MINUTES_PER_DAY,
} from '../../src/shared/market';

const at = (date: string, h: number, m: number, s = 0) => jstMs(date, h, m, s);
const DAY = '2025-03-03'; // a Monday trading day

describe('sessionAt on a trading day', () => {
  const cases: Array<[number, number, number, string]> = [
    [0, 0, 0, 'closed'],
    [7, 59, 59, 'closed'],
    [8, 0, 0, 'pre_open'],
    [8, 59, 59, 'pre_open'],
    [9, 0, 0, 'morning'],
    [11, 29, 59, 'morning'],
    [11, 30, 0, 'lunch'],
    [12, 29, 59, 'lunch'],
    [12, 30, 0, 'afternoon'],
    [15, 24, 59, 'afternoon'],
    [15, 25, 0, 'closing_auction'],
    [15, 29, 59, 'closing_auction'],
    [15, 30, 0, 'after_close'],
    [23, 59, 59, 'after_close'],
  ];
  for (const [h, m, s, want] of cases) {
    it(`${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')} → ${want}`, () => {
      expect(sessionAt(at(DAY, h, m, s))).toBe(want);
    });
  }

  it('is exact to the millisecond at 15:25 and 15:30', () => {
    expect(sessionAt(at(DAY, 15, 25) - 1)).toBe('afternoon');
    expect(sessionAt(at(DAY, 15, 30) - 1)).toBe('closing_auction');
  });

  it('knows which sessions trade and which take orders', () => {
    expect(isContinuousTrading('morning')).toBe(true);
    expect(isContinuousTrading('closing_auction')).toBe(false);
    expect(acceptsOrders('pre_open')).toBe(true);
    expect(acceptsOrders('closing_auction')).toBe(true);
    expect(acceptsOrders('after_close')).toBe(false);
    expect(acceptsOrders('closed')).toBe(false);
  });
});

describe('sessionAt on closed days', () => {
  it('is closed all day at weekends, holidays and the year end', () => {
    for (const d of ['2025-03-01', '2025-02-24', '2025-05-06', '2025-12-31', '2026-01-02']) {
      expect(sessionAt(at(d, 10, 0)), d).toBe('closed');
    }
    expect(sessionAt(at('2026-01-05', 9, 0))).toBe('morning');
  });
});

describe('minute grid', () => {
  it('has 325 continuous minutes: 9:00–11:29 and 12:30–15:24', () => {
    const starts = continuousMinuteStarts(DAY);
    expect(starts).toHaveLength(CONTINUOUS_MINUTES);
    expect(CONTINUOUS_MINUTES).toBe(325);
    expect(starts[0]).toBe(at(DAY, 9, 0));
    expect(starts[149]).toBe(at(DAY, 11, 29));
    expect(starts[150]).toBe(at(DAY, 12, 30));
    expect(starts.at(-1)).toBe(at(DAY, 15, 24));
  });
});

describe('FX and crypto hours', () => {
  it('FX runs Monday 7:00 to Saturday 6:00 with a 6:00–7:00 pause', () => {
    expect(fxIsOpen(at('2025-03-03', 6, 59))).toBe(false); // Monday before the open
    expect(fxDayOf(at('2025-03-03', 7, 0))).toBe('2025-03-03');
    expect(fxDayOf(at('2025-03-04', 5, 59))).toBe('2025-03-03'); // Monday's session, after midnight
    expect(fxIsOpen(at('2025-03-04', 6, 30))).toBe(false); // daily pause
    expect(fxDayOf(at('2025-03-08', 5, 59))).toBe('2025-03-07'); // Saturday early = Friday session
    expect(fxIsOpen(at('2025-03-08', 6, 0))).toBe(false);
    expect(fxIsOpen(at('2025-03-09', 12, 0))).toBe(false); // Sunday
    expect(fxIsOpen(at('2025-02-24', 12, 0))).toBe(true); // a Japanese holiday: FX still trades
    expect(FX_MINUTES_PER_DAY).toBe(23 * 60);
  });

  it('crypto is always open', () => {
    expect(cryptoIsOpen(at('2026-01-01', 3, 0))).toBe(true);
  });
});
