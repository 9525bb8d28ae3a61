import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adjustBars, type Bar, type CorporateAction } from '../../src/shared/chart';

const DAY = 86_400_000;
const d = (n: number) => Date.UTC(2026, 0, 5) - 9 * 3_600_000 + n * DAY; // day n at 00:00 JST
const bar = (n: number, c: number, v = 1000, extra: Partial<Bar> = {}): Bar => ({ t: d(n), o: c, h: c, l: c, c, v, ...extra });
const closes = (bars: readonly Bar[]) => bars.map((b) => b.c);

describe('split', () => {
  // 1 → 2 split effective day 2: 1,000 before, 505 after.
  const bars = [bar(0, 1000, 1000), bar(1, 1010, 3000), bar(2, 505, 4000), bar(3, 510, 5000)];
  const split: CorporateAction = { t: d(2), kind: 'split', ratio: { from: 1, to: 2 } };

  it('forward halves earlier prices and doubles earlier volumes', () => {
    // 1000/2 = 500, 1010/2 = 505; volumes 1000·2, 3000·2; day 2 on are real.
    const out = adjustBars(bars, [split], 'forward');
    expect(closes(out)).toEqual([500, 505, 505, 510]);
    expect(out.map((b) => b.v)).toEqual([2000, 6000, 4000, 5000]);
  });

  it('backward doubles later prices and halves later volumes', () => {
    // 505·2 = 1010, 510·2 = 1020; volumes 4000/2, 5000/2.
    const out = adjustBars(bars, [split], 'backward');
    expect(closes(out)).toEqual([1000, 1010, 1010, 1020]);
    expect(out.map((b) => b.v)).toEqual([1000, 3000, 2000, 2500]);
  });

  it('rounds to the nearest integer, halves up', () => {
    // 2345/2 = 1172.5 → 1173; 2344/2 = 1172; backward: 101 shares / 2 = 50.5 → 51.
    const b2 = [bar(0, 2345, 7, { o: 2344 }), bar(1, 1200, 101)];
    const s = { t: d(1), kind: 'split', ratio: { from: 1, to: 2 } } as const;
    expect(adjustBars(b2, [s], 'forward')[0]).toMatchObject({ o: 1172, c: 1173, v: 14 });
    expect(adjustBars(b2, [s], 'backward')[1]).toMatchObject({ c: 2400, v: 51 });
    // A 1 → 3 split: 1000/3 = 333.33 → 333, 1001/3 = 333.67 → 334.
    const s3 = { t: d(1), kind: 'split', ratio: { from: 1, to: 3 } } as const;
    expect(closes(adjustBars([bar(0, 1000), bar(1, 1001)], [s3], 'forward'))).toEqual([333, 1001]);
    expect(closes(adjustBars([bar(0, 1001), bar(1, 1001)], [s3], 'forward'))).toEqual([334, 1001]);
  });

  it('handles a reverse split (10 → 1)', () => {
    // Earlier prices × 10, earlier volumes ÷ 10.
    const out = adjustBars([bar(0, 50, 10_000), bar(1, 500, 1_000)], [{ t: d(1), kind: 'split', ratio: { from: 10, to: 1 } }], 'forward');
    expect(out.map((b) => [b.c, b.v])).toEqual([
      [500, 1000],
      [500, 1000],
    ]);
  });
});

describe('dividend', () => {
  // Close 1,000 on the day before the ex-date, dividend 50 (scaled units) → f = (1000 − 50)/1000 = 0.95.
  const bars = [bar(0, 1000), bar(1, 1000, 1000, { o: 990, h: 1010, l: 985 }), bar(2, 950), bar(3, 960)];
  const div: CorporateAction = { t: d(2), kind: 'dividend', amount: 50 };

  it('forward scales earlier prices by (C − D)/C and leaves volume', () => {
    // 1000·0.95 = 950; o 990·0.95 = 940.5 → 941; h 1010·0.95 = 959.5 → 960; l 985·0.95 = 935.75 → 936.
    const out = adjustBars(bars, [div], 'forward');
    expect(closes(out)).toEqual([950, 950, 950, 960]);
    expect(out[1]).toMatchObject({ o: 941, h: 960, l: 936, c: 950, v: 1000 });
  });

  it('backward scales later prices by C/(C − D)', () => {
    // 950/0.95 = 1000; 960/0.95 = 1010.526… → 1011.
    expect(closes(adjustBars(bars, [div], 'backward'))).toEqual([1000, 1000, 1000, 1011]);
  });

  it('refuses a dividend not below the reference close', () => {
    expect(() => adjustBars(bars, [{ t: d(2), kind: 'dividend', amount: 1000 }], 'forward')).toThrow(RangeError);
    expect(() => adjustBars(bars, [{ t: d(2), kind: 'dividend', amount: 0 }], 'forward')).toThrow(RangeError);
  });
});

describe('combined and edge cases', () => {
  // Day 0–1 at 2,000; 1 → 2 split on day 2 (1,000); dividend 50 ex day 4 (reference close 1,000 on day 3).
  const bars = [
    bar(0, 2000, 1000, { o: 1990, h: 2010, l: 1980 }),
    bar(1, 2000),
    bar(2, 1000),
    bar(3, 1000),
    bar(4, 950),
  ];
  const actions: CorporateAction[] = [
    { t: d(4), kind: 'dividend', amount: 50 },
    { t: d(2), kind: 'split', ratio: { from: 1, to: 2 } },
  ];

  it('forward multiplies the factors of every later action', () => {
    // Days 0–1: ½ · 0.95 = 19/40 → 2000·19/40 = 950; o 1990·19/40 = 945.25 → 945,
    // h 2010·19/40 = 954.75 → 955, l 1980·19/40 = 940.5 → 941. Days 2–3: ·0.95 → 950. Day 4 real.
    const out = adjustBars(bars, actions, 'forward');
    expect(closes(out)).toEqual([950, 950, 950, 950, 950]);
    expect(out[0]).toMatchObject({ o: 945, h: 955, l: 941, v: 2000 });
  });

  it('backward multiplies the inverse factors of every earlier action', () => {
    // Days 2–3: ·2 → 2000; day 4: 950 · 2 · 1000/950 = 2000.
    const out = adjustBars(bars, actions, 'backward');
    expect(closes(out)).toEqual([2000, 2000, 2000, 2000, 2000]);
    expect(out.map((b) => b.v)).toEqual([1000, 1000, 500, 500, 500]);
  });

  it('none returns the bars unchanged; actions outside the bars are ignored', () => {
    expect(adjustBars(bars, actions, 'none')).toBe(bars);
    const outside: CorporateAction[] = [
      { t: d(0), kind: 'split', ratio: { from: 1, to: 2 } }, // on the first bar: nothing before it
      { t: d(9), kind: 'dividend', amount: 10 }, // after the last bar
    ];
    expect(adjustBars(bars, outside, 'forward')).toBe(bars);
    expect(adjustBars(bars, outside, 'backward')).toBe(bars);
    expect(adjustBars([], actions, 'forward')).toEqual([]);
  });

  it('keeps turnover and intraday bars on the ex-date go with the "after" side', () => {
    const intraday = [bar(0, 1000, 100, { turnover: 100_000 }), { ...bar(1, 500, 100), t: d(1) + 9 * 3_600_000 }];
    const out = adjustBars(intraday, [{ t: d(1), kind: 'split', ratio: { from: 1, to: 2 } }], 'forward');
    expect(out[0]).toMatchObject({ c: 500, v: 200, turnover: 100_000 });
    expect(out[1]!.c).toBe(500);
  });

  it('forward and backward differ by one constant factor (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1000, max: 100_000 }), { minLength: 2, maxLength: 40 }),
        fc.array(fc.record({ at: fc.nat(), split: fc.boolean(), to: fc.integer({ min: 2, max: 5 }) }), { maxLength: 4 }),
        (cs, acts) => {
          const bs = cs.map((c, i) => bar(i, c));
          const actions: CorporateAction[] = acts.map((a) => {
            const i = 1 + (a.at % (bs.length - 1));
            return a.split
              ? { t: d(i), kind: 'split', ratio: { from: 1, to: a.to } }
              : { t: d(i), kind: 'dividend', amount: Math.floor(bs[i - 1]!.c / 100) };
          });
          const fwd = adjustBars(bs, actions, 'forward');
          const bwd = adjustBars(bs, actions, 'backward');
          // The latest bar is real in forward mode, the oldest in backward mode.
          expect(fwd.at(-1)!.c).toBe(bs.at(-1)!.c);
          expect(bwd[0]!.c).toBe(bs[0]!.c);
          // backward = forward × K, K = Π to/from (splits) × C/(C − D) (dividends), up to the two roundings.
          let k = 1;
          for (const a of actions) {
            if (a.kind === 'split') k *= a.ratio.to / a.ratio.from;
            else {
              const c = bs[bs.findIndex((b) => b.t === a.t) - 1]!.c;
              k *= c / (c - a.amount);
            }
          }
          fwd.forEach((b, i) => expect(Math.abs(bwd[i]!.c - b.c * k)).toBeLessThanOrEqual(0.5 + 0.5 * k + 1e-9));
        },
      ),
    );
  });
});
