import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  aggregateCalendar,
  aggregateMinutes,
  aggregateTo,
  calendarBucket,
  groupBars,
  timeShare,
  type Bar,
} from '../../src/shared/chart';

/** An instant given as Tokyo wall-clock time (UTC+9). */
const jst = (iso: string) => Date.parse(`${iso}+09:00`);
const MIN = 60_000;

function minuteBar(t: number, c: number, v = 100, extra: Partial<Bar> = {}): Bar {
  return { t, o: c, h: c + 2, l: c - 1, c, v, ...extra };
}

/** One TSE day of 1-minute bars: 09:00–11:29 and 12:30–15:24, plus the closing-auction print at 15:30. */
function tseDay(date: string): Bar[] {
  const bars: Bar[] = [];
  const add = (from: string, to: string) => {
    for (let t = jst(`${date}T${from}:00`); t <= jst(`${date}T${to}:00`); t += MIN) bars.push(minuteBar(t, 1000 + bars.length));
  };
  add('09:00', '11:29');
  add('12:30', '15:24');
  bars.push(minuteBar(jst(`${date}T15:30:00`), 2000, 5000));
  return bars;
}

describe('minute aggregation', () => {
  it('merges open/high/low/close/volume/turnover of a 5-minute bucket', () => {
    // 09:00…09:06: the first five form the 09:00 bar, the last two the 09:05 bar.
    const t0 = jst('2026-01-05T09:00:00');
    const rows: [number, number, number, number, number, number][] = [
      // o,    h,    l,    c,    v,  turnover (yen)
      [1000, 1010, 995, 1005, 100, 10_050],
      [1005, 1020, 1001, 1015, 200, 20_300],
      [1015, 1016, 990, 992, 50, 4_980],
      [992, 1000, 991, 999, 10, 995],
      [999, 1003, 996, 1001, 40, 4_000],
      [1001, 1002, 1000, 1002, 30, 3_000],
      [1002, 1004, 1001, 1003, 20, 2_000],
    ];
    const bars = rows.map(([o, h, l, c, v, turnover], i) => ({ t: t0 + i * MIN, o, h, l, c, v, turnover }));
    // 09:00: o 1000 (first), h max(1010,1020,1016,1000,1003) = 1020, l min(995,1001,990,991,996) = 990,
    // c 1001 (last), v 100+200+50+10+40 = 400, turnover 10050+20300+4980+995+4000 = 40325.
    // 09:05: o 1001, h 1004, l 1000, c 1003, v 50, turnover 5000.
    expect(aggregateMinutes(bars, 5)).toEqual([
      { t: t0, o: 1000, h: 1020, l: 990, c: 1001, v: 400, turnover: 40_325 },
      { t: t0 + 5 * MIN, o: 1001, h: 1004, l: 1000, c: 1003, v: 50, turnover: 5_000 },
    ]);
  });

  it('leaves turnover out when any merged bar lacks it', () => {
    const t0 = jst('2026-01-05T09:00:00');
    const out = aggregateMinutes([minuteBar(t0, 10, 1, { turnover: 1 }), minuteBar(t0 + MIN, 11, 1)], 5);
    expect(out).toHaveLength(1);
    expect('turnover' in out[0]!).toBe(false);
  });

  it('aligns to the clock in JST and never spans the lunch break', () => {
    const day = tseDay('2026-01-06');
    const times = (bars: Bar[]) => bars.map((b) => new Date(b.t + 9 * 3_600_000).toISOString().slice(11, 16));

    // 5 min: 150/5 = 30 morning bars, (15:25 − 12:30)/5 = 35 afternoon bars, and the 15:30
    // print makes the 15:25 bar (the closing auction) = 66.
    const m5 = aggregateMinutes(day, 5);
    expect(m5).toHaveLength(66);
    const t5 = times(m5);
    expect(t5.slice(0, 2)).toEqual(['09:00', '09:05']);
    expect(t5.slice(28, 32)).toEqual(['11:20', '11:25', '12:30', '12:35']);
    expect(t5.at(-1)).toBe('15:25');
    // The 11:25 bar holds 11:25–11:29 only (5 × 100 shares); the 15:25 bar only the print.
    expect(m5[29]!.v).toBe(500);
    expect(m5.at(-1)).toMatchObject({ o: 2000, c: 2000, v: 5000 });

    // 15 min: 10 morning + 12 afternoon (12:30 … 15:15); the 15:15 bar holds 15:15–15:24 and the print.
    const m15 = aggregateMinutes(day, 15);
    const t15 = times(m15);
    expect(m15).toHaveLength(22);
    expect(t15.slice(9, 11)).toEqual(['11:15', '12:30']);
    expect(t15.at(-1)).toBe('15:15');
    expect(m15.at(-1)!.v).toBe(10 * 100 + 5000);
    expect(m15.at(-1)!.c).toBe(2000);

    // 30 min: 09:00 … 11:00 (5) and 12:30 … 15:00 (6).
    const m30 = aggregateMinutes(day, 30);
    expect(times(m30)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00']);
    expect(m30[4]!.v).toBe(30 * 100); // 11:00–11:29
    expect(m30[5]!.v).toBe(30 * 100); // 12:30–12:59
  });

  it('keeps a print at a session close in its own bucket for 24-hour markets', () => {
    const t = jst('2026-01-06T15:30:00');
    expect(aggregateMinutes([minuteBar(t - MIN, 1), minuteBar(t, 2)], 5, { sessionCloses: [] }).map((b) => b.t)).toEqual([t - 5 * MIN, t]);
    expect(aggregateMinutes([minuteBar(t - MIN, 1), minuteBar(t, 2)], 5).map((b) => b.t)).toEqual([t - 5 * MIN]);
  });

  it('separates days', () => {
    const two = [...tseDay('2026-01-06'), ...tseDay('2026-01-07')];
    expect(aggregateMinutes(two, 30)).toHaveLength(22);
  });
});

describe('calendar aggregation (JST)', () => {
  const day = (date: string, c: number, v = 1): Bar => ({ t: jst(`${date}T00:00:00`), o: c, h: c, l: c, c, v });

  it('groups ISO weeks Monday to Sunday across the year end, starting at Monday 00:00 JST', () => {
    // Fri 26 Dec 2025 | Mon 29, Tue 30 Dec 2025 (ISO week 2026-W01) | Mon 5, Fri 9 Jan 2026.
    const bars = [day('2025-12-26', 1), day('2025-12-29', 2), day('2025-12-30', 3), day('2026-01-05', 4), day('2026-01-09', 5)];
    const weeks = aggregateCalendar(bars, 'week');
    expect(weeks.map((b) => b.t)).toEqual([jst('2025-12-22T00:00:00'), jst('2025-12-29T00:00:00'), jst('2026-01-05T00:00:00')]);
    expect(weeks.map((b) => [b.o, b.c, b.v])).toEqual([
      [1, 1, 1],
      [2, 3, 2],
      [4, 5, 2],
    ]);
  });

  it('cuts weeks at midnight in Tokyo, not in UTC', () => {
    // Sun 4 Jan 23:59 JST is still the week of Mon 29 Dec; Mon 5 Jan 00:00 JST (= Sun 15:00 UTC)
    // and 05:00 JST (Sunday 20:00 in UTC) are the next week.
    expect(calendarBucket(jst('2026-01-04T23:59:00'), 'week')).toBe(jst('2025-12-29T00:00:00'));
    expect(calendarBucket(jst('2026-01-05T00:00:00'), 'week')).toBe(jst('2026-01-05T00:00:00'));
    expect(calendarBucket(Date.parse('2026-01-04T20:00:00Z'), 'week')).toBe(jst('2026-01-05T00:00:00'));
  });

  it('month, 6-month and year boundaries are JST calendar boundaries', () => {
    // 1 Feb 00:30 JST is still 31 Jan in UTC; it belongs to February.
    expect(calendarBucket(jst('2026-01-31T23:59:00'), 'month')).toBe(jst('2026-01-01T00:00:00'));
    expect(calendarBucket(jst('2026-02-01T00:30:00'), 'month')).toBe(jst('2026-02-01T00:00:00'));
    // Halves: Jan–Jun, Jul–Dec.
    expect(calendarBucket(jst('2026-06-30T15:00:00'), 'halfyear')).toBe(jst('2026-01-01T00:00:00'));
    expect(calendarBucket(jst('2026-07-01T09:00:00'), 'halfyear')).toBe(jst('2026-07-01T00:00:00'));
    expect(calendarBucket(jst('2026-12-31T23:59:00'), 'halfyear')).toBe(jst('2026-07-01T00:00:00'));
    // Year: 1 Jan 00:00 JST is 31 Dec 15:00 UTC.
    expect(calendarBucket(Date.parse('2025-12-31T15:00:00Z'), 'year')).toBe(jst('2026-01-01T00:00:00'));
    expect(calendarBucket(Date.parse('2025-12-31T14:59:59Z'), 'year')).toBe(jst('2025-01-01T00:00:00'));
  });

  it('aggregates daily bars into months, halves and years', () => {
    const bars = [
      { t: jst('2025-06-30T00:00:00'), o: 10, h: 15, l: 9, c: 12, v: 1 },
      { t: jst('2025-07-01T00:00:00'), o: 12, h: 20, l: 11, c: 18, v: 2 },
      { t: jst('2025-12-30T00:00:00'), o: 18, h: 19, l: 5, c: 6, v: 3 },
      { t: jst('2026-01-05T00:00:00'), o: 6, h: 7, l: 6, c: 7, v: 4 },
    ];
    expect(aggregateTo('month', bars).map((b) => b.t)).toEqual([
      jst('2025-06-01T00:00:00'),
      jst('2025-07-01T00:00:00'),
      jst('2025-12-01T00:00:00'),
      jst('2026-01-01T00:00:00'),
    ]);
    // Jul–Dec 2025: o 12, h max(20,19) = 20, l min(11,5) = 5, c 6, v 5.
    expect(aggregateTo('halfyear', bars)).toEqual([
      { t: jst('2025-01-01T00:00:00'), o: 10, h: 15, l: 9, c: 12, v: 1 },
      { t: jst('2025-07-01T00:00:00'), o: 12, h: 20, l: 5, c: 6, v: 5 },
      { t: jst('2026-01-01T00:00:00'), o: 6, h: 7, l: 6, c: 7, v: 4 },
    ]);
    // 2025: o 10, h 20, l 5, c 6, v 6.
    expect(aggregateTo('year', bars)[0]).toEqual({ t: jst('2025-01-01T00:00:00'), o: 10, h: 20, l: 5, c: 6, v: 6 });
    expect(aggregateTo('day', bars)).toEqual(bars);
  });

  it('refuses unsorted input', () => {
    expect(() => aggregateCalendar([day('2026-01-06', 1), day('2026-01-05', 1)], 'week')).toThrow(RangeError);
  });

  it('conserves volume and the extremes (property)', () => {
    const start = jst('2020-01-01T00:00:00');
    fc.assert(
      fc.property(
        fc.array(fc.record({ gap: fc.integer({ min: 0, max: 5 }), c: fc.integer({ min: 1, max: 10_000 }), v: fc.integer({ min: 0, max: 1e6 }) }), { maxLength: 200 }),
        fc.constantFrom('week', 'month', 'halfyear', 'year' as const),
        (rows, unit) => {
          let t = start;
          const bars = rows.map((r) => {
            t += r.gap * 86_400_000;
            return { t, o: r.c, h: r.c + 1, l: r.c - 1, c: r.c, v: r.v };
          });
          const out = aggregateCalendar(bars, unit);
          expect(out.reduce((s, b) => s + b.v, 0)).toBe(bars.reduce((s, b) => s + b.v, 0));
          if (bars.length) {
            expect(Math.max(...out.map((b) => b.h))).toBe(Math.max(...bars.map((b) => b.h)));
            expect(out[0]!.o).toBe(bars[0]!.o);
            expect(out.at(-1)!.c).toBe(bars.at(-1)!.c);
          }
          for (let i = 1; i < out.length; i++) expect(out[i]!.t).toBeGreaterThan(out[i - 1]!.t);
        },
      ),
    );
  });

  it('groupBars merges consecutive equal keys only', () => {
    const out = groupBars([day('2026-01-05', 1), day('2026-01-06', 2)], () => 0);
    expect(out).toEqual([{ t: 0, o: 1, h: 2, l: 1, c: 2, v: 2 }]);
  });
});

describe('time-share', () => {
  it('uses Σ(close·volume)/Σvolume when turnover is missing, and only the last JST day', () => {
    const prev = minuteBar(jst('2026-01-05T15:24:00'), 5000, 999);
    const t0 = jst('2026-01-06T09:00:00');
    const ts = timeShare([prev, minuteBar(t0, 100, 0), minuteBar(t0 + MIN, 100, 10), minuteBar(t0 + 2 * MIN, 110, 30), minuteBar(t0 + 3 * MIN, 90, 0)], {
      priceScale: 10,
    });
    // Nothing traded at 09:00 → null; then 100·10/10 = 100; (1000 + 110·30)/40 = 4300/40 = 107.5; unchanged by a 0-volume minute.
    expect(ts.t).toEqual([t0, t0 + MIN, t0 + 2 * MIN, t0 + 3 * MIN]);
    expect(ts.price).toEqual([100, 100, 110, 90]);
    expect(ts.volume).toEqual([0, 10, 30, 0]);
    expect(ts.avg).toEqual([null, 100, 107.5, 107.5]);
  });

  it('uses Σturnover (yen) × priceScale / Σvolume when every bar has turnover', () => {
    const t0 = jst('2026-01-06T09:00:00');
    // 100 shares for ¥10,050 (avg ¥100.5 → 1005 at scale 10); then 300 for ¥30,300:
    // (10050 + 30300)·10 / 400 = 403500/400 = 1008.75 (closes alone would say (1000·100 + 1010·300)/400 = 1007.5).
    const ts = timeShare(
      [
        { t: t0, o: 1000, h: 1010, l: 1000, c: 1000, v: 100, turnover: 10_050 },
        { t: t0 + MIN, o: 1000, h: 1012, l: 1000, c: 1010, v: 300, turnover: 30_300 },
      ],
      { priceScale: 10 },
    );
    expect(ts.avg).toEqual([1005, 1008.75]);
  });

  it('is empty for no bars', () => {
    expect(timeShare([], { priceScale: 10 })).toEqual({ t: [], price: [], avg: [], volume: [] });
  });
});
