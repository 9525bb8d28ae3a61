import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addTradingDays,
  dayNumber,
  holidayOn,
  isIsoDate,
  isTradingDay,
  jstDate,
  jstMs,
  nextTradingDay,
  prevTradingDay,
  tradingDaysBetween,
  tradingDaysInRange,
  weekday,
} from '../../src/shared/market';

describe('isTradingDay', () => {
  it('closes on substitute holidays (振替休日)', () => {
    expect(holidayOn('2025-02-23')?.nameEn).toBe("Emperor's Birthday"); // a Sunday
    expect(isTradingDay('2025-02-24')).toBe(false); // Monday in lieu
    expect(isTradingDay('2025-05-06')).toBe(false); // in lieu of Greenery Day (Sun 4 May)
    expect(isTradingDay('2025-11-24')).toBe(false); // in lieu of Labour Thanksgiving (Sun 23 Nov)
    expect(isTradingDay('2025-02-25')).toBe(true);
  });

  it('closes on Golden Week and other national holidays', () => {
    for (const d of ['2025-01-13', '2025-02-11', '2025-03-20', '2025-04-29', '2025-05-05', '2025-07-21', '2025-08-11', '2025-09-15', '2025-09-23', '2025-10-13', '2025-11-03']) {
      expect(isTradingDay(d), d).toBe(false);
    }
    expect(isTradingDay('2025-05-02')).toBe(true);
    expect(isTradingDay('2025-05-07')).toBe(true);
  });

  it('closes 31 Dec – 3 Jan and reopens on the first weekday after', () => {
    expect(isTradingDay('2025-12-30')).toBe(true); // 大納会
    for (const d of ['2025-12-31', '2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04']) {
      expect(isTradingDay(d), d).toBe(false);
    }
    expect(isTradingDay('2026-01-05')).toBe(true); // 大発会
    expect(nextTradingDay('2025-12-30')).toBe('2026-01-05');
    expect(prevTradingDay('2026-01-05')).toBe('2025-12-30');
    // 2 Jan on a weekday is still closed, whatever the holiday data says
    expect(weekday('2024-01-02')).toBe(2);
    expect(isTradingDay('2024-01-02')).toBe(false);
  });

  it('closes at weekends', () => {
    expect(isTradingDay('2025-03-01')).toBe(false); // Saturday
    expect(isTradingDay('2025-03-02')).toBe(false); // Sunday
    expect(isTradingDay('2025-03-03')).toBe(true);
  });

  it('refuses malformed dates', () => {
    expect(() => isTradingDay('2025-02-30')).toThrow(RangeError);
    expect(() => isTradingDay('20250224')).toThrow(RangeError);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
  });
});

describe('trading-day arithmetic', () => {
  it('counts T+2 settlement over holidays and the year end', () => {
    expect(addTradingDays('2025-02-21', 2)).toBe('2025-02-26'); // Fri → (Mon holiday) Tue, Wed
    expect(addTradingDays('2025-05-02', 1)).toBe('2025-05-07');
    expect(addTradingDays('2025-12-29', 2)).toBe('2026-01-05');
    expect(addTradingDays('2026-01-05', -1)).toBe('2025-12-30');
    expect(addTradingDays('2025-02-24', 0)).toBe('2025-02-24');
    expect(addTradingDays('2025-02-24', 1)).toBe('2025-02-25'); // from a holiday
  });

  it('tradingDaysBetween inverts addTradingDays', () => {
    expect(tradingDaysBetween('2025-12-29', '2026-01-05')).toBe(2);
    expect(tradingDaysBetween('2026-01-05', '2025-12-29')).toBe(-2);
    expect(tradingDaysBetween('2025-03-03', '2025-03-03')).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4000 }), fc.integer({ min: -40, max: 40 }), (offset, n) => {
        const from = addDays('2019-01-01', offset);
        const to = addTradingDays(from, n);
        expect(isTradingDay(to) || n === 0).toBe(true);
        if (n !== 0) expect(tradingDaysBetween(from, to)).toBe(n);
      }),
      { numRuns: 200 },
    );
  });

  it('lists a year of trading days (2025 has 243)', () => {
    const days = tradingDaysInRange('2025-01-01', '2025-12-31');
    expect(days[0]).toBe('2025-01-06');
    expect(days.at(-1)).toBe('2025-12-30');
    expect(days).toHaveLength(243);
  });
});

describe('Tokyo time from epoch milliseconds', () => {
  it('is UTC+9 regardless of the machine time zone', () => {
    expect(jstDate(Date.UTC(2025, 0, 5, 14, 59, 59))).toBe('2025-01-05');
    expect(jstDate(Date.UTC(2025, 0, 5, 15, 0, 0))).toBe('2025-01-06');
    expect(jstMs('2025-01-06', 9, 0)).toBe(Date.UTC(2025, 0, 6, 0, 0, 0));
    expect(dayNumber('1970-01-01')).toBe(0);
  });
});
