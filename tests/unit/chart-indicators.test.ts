import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { boll, ema, kdj, ma, macd, rsi, vol, type Bar } from '../../src/shared/chart';

/*
 * Every expected value below is worked out by hand in the comments (fractions kept exact where
 * they are not round), never copied from the implementation's output.
 */

const close = (...cs: number[]): Bar[] => cs.map((c, i) => ({ t: i, o: c, h: c, l: c, c, v: 100 * (i + 1) }));

function expectLine(actual: readonly (number | null)[], expected: readonly (number | null)[]) {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((e, i) => {
    if (e === null) expect(actual[i], `index ${i}`).toBeNull();
    else expect(actual[i], `index ${i}`).toBeCloseTo(e, 9);
  });
}

describe('MA', () => {
  it('is the mean of the last n values, null before n values exist', () => {
    // MA3 of [1,2,3,4]: (1+2+3)/3 = 2 at index 2, (2+3+4)/3 = 3 at index 3.
    expectLine(ma([1, 2, 3, 4], 3), [null, null, 2, 3]);
    // MA1 is the series itself; MA longer than the series is all null.
    expectLine(ma([5, 7], 1), [5, 7]);
    expectLine(ma([5, 7], 3), [null, null]);
  });

  it('starts its window after leading nulls (as for an indicator of an indicator)', () => {
    // [_, _, 1, 2, 3, 4] with n = 2: (1+2)/2 = 1.5, (2+3)/2 = 2.5, (3+4)/2 = 3.5.
    expectLine(ma([null, null, 1, 2, 3, 4], 2), [null, null, null, 1.5, 2.5, 3.5]);
  });
});

describe('EMA', () => {
  it('is seeded with the simple mean of the first n values at index n−1, then α = 2/(n+1)', () => {
    // n = 3 → α = 2/4 = 0.5. Seed at index 2 = (2+4+6)/3 = 4.
    // index 3: 0.5·8 + 0.5·4 = 6; index 4: 0.5·10 + 0.5·6 = 8; index 5: 0.5·3 + 0.5·8 = 5.5.
    expectLine(ema([2, 4, 6, 8, 10, 3], 3), [null, null, 4, 6, 8, 5.5]);
    // n = 4 → α = 0.4. Seed at index 3 = (10+20+30+40)/4 = 25; index 4: 0.4·50 + 0.6·25 = 35.
    expectLine(ema([10, 20, 30, 40, 50], 4), [null, null, null, 25, 35]);
  });

  it('is not the first-value seed: the first n−1 outputs are null', () => {
    // A first-value seed would give 2 at index 0; ours waits for n values.
    expect(ema([2, 4, 6], 3)[0]).toBeNull();
  });
});

describe('BOLL', () => {
  it('uses the population standard deviation', () => {
    // Window [2,4,4,4,5,5,7,9]: mean 40/8 = 5; squared deviations 9,1,1,1,0,0,4,16 = 32;
    // population variance 32/8 = 4 → σ = 2 → upper 5 + 2·2 = 9, lower 5 − 4 = 1.
    const b = boll([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expectLine(b.mid, [null, null, null, null, null, null, null, 5]);
    expectLine(b.upper, [null, null, null, null, null, null, null, 9]);
    expectLine(b.lower, [null, null, null, null, null, null, null, 1]);
  });

  it('slides its window (n = 4, k = 2)', () => {
    // index 3, window [1,1,3,3]: mean 2, deviations −1,−1,1,1 → variance 4/4 = 1, σ = 1 → 4 / 0.
    //   (The sample deviation, ÷3, would give σ = 1.1547 and an upper band of 4.309.)
    // index 4, window [1,3,3,5]: mean 3, deviations −2,0,0,2 → variance 8/4 = 2, σ = √2 → 3 ± 2√2.
    const b = boll([1, 1, 3, 3, 5], 4, 2);
    expectLine(b.mid, [null, null, null, 2, 3]);
    expectLine(b.upper, [null, null, null, 4, 3 + 2 * Math.SQRT2]);
    expectLine(b.lower, [null, null, null, 0, 3 - 2 * Math.SQRT2]);
  });

  it('defaults to n = 20, k = 2', () => {
    // 20 equal values: σ = 0, so all three lines sit on the value from index 19.
    const b = boll(new Array<number>(21).fill(1000));
    expect(b.mid[18]).toBeNull();
    expect([b.mid[19], b.upper[19], b.lower[19], b.upper[20]]).toEqual([1000, 1000, 1000, 1000]);
  });
});

describe('VOL', () => {
  it('carries the volumes with their 5- and 10-bar averages', () => {
    // Volumes 100, 200, …, 1000 (see `close`): MA5 at index 4 = (100+…+500)/5 = 300,
    // at index 9 = (600+…+1000)/5 = 800; MA10 at index 9 = 5500/10 = 550.
    const v = vol(close(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
    expect(v.vol).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
    expect(v.ma5[3]).toBeNull();
    expect(v.ma5[4]).toBe(300);
    expect(v.ma5[9]).toBe(800);
    expect(v.ma10[8]).toBeNull();
    expect(v.ma10[9]).toBe(550);
  });
});

describe('MACD(12, 26, 9)', () => {
  // A ramp x_i = 10·i. With the mean seed, EMA(n) of a ramp lags it by exactly 10·(n−1)/2:
  //   the seed at index n−1 is the mean of 0…10(n−1) = 10(n−1)/2 = x − 10(n−1)/2, and a lag L is
  //   kept when L = (1−α)(10 + L), i.e. L = 10(1−α)/α = 10(n−1)/2 since α = 2/(n+1).
  // So EMA12 = x − 55 from index 11, EMA26 = x − 125 from index 25, DIF = 70 from index 25;
  // DEA (EMA9 of DIF, seeded with the mean of the first 9 DIFs = 70) = 70 from index 33; bars 0.
  const ramp = Array.from({ length: 34 }, (_, i) => 10 * i);

  it('starts DIF at index 25 and DEA and the histogram at index 33', () => {
    const m = macd(ramp);
    expect(m.dif[24]).toBeNull();
    expect(m.dif[25]).toBeCloseTo(70, 9);
    expect(m.dif[33]).toBeCloseTo(70, 9);
    expect(m.dea[32]).toBeNull();
    expect(m.dea[33]).toBeCloseTo(70, 9);
    expect(m.hist[32]).toBeNull();
    expect(m.hist[33]).toBeCloseTo(0, 9);
  });

  it('doubles DIF − DEA for the histogram', () => {
    // The ramp stops: x_34 = 330 (instead of 340).
    // EMA12_34 = (2/13)·330 + (11/13)·275 = (660 + 3025)/13 = 3685/13
    // EMA26_34 = (2/27)·330 + (25/27)·205 = (660 + 5125)/27 = 5785/27
    // DIF_34 = 3685/13 − 5785/27 = (99495 − 75205)/351 = 24290/351 ≈ 69.2023
    // DEA_34 = 0.2·DIF_34 + 0.8·70 = 4858/351 + 19656/351 = 24514/351 ≈ 69.8405
    // bar_34 = 2·(24290 − 24514)/351 = −448/351 ≈ −1.2764
    const m = macd([...ramp, 330]);
    expect(m.dif[34]).toBeCloseTo(24290 / 351, 9);
    expect(m.dea[34]).toBeCloseTo(24514 / 351, 9);
    expect(m.hist[34]).toBeCloseTo(-448 / 351, 9);
  });
});

describe('KDJ(9, 3, 3)', () => {
  //            h   l   c
  const rows = [
    [12, 10, 11],
    [13, 11, 12],
    [14, 12, 13],
    [15, 13, 14],
    [20, 14, 19],
    [18, 15, 16],
    [17, 14, 15],
    [19, 15, 18],
    [19, 16, 18],
    [21, 17, 17],
    [21, 15, 21],
  ];
  const bars: Bar[] = rows.map(([h, l, c], i) => ({ t: i, o: c!, h: h!, l: l!, c: c!, v: 1 }));

  it('starts at index 8 from K = D = 50', () => {
    // index 8, bars 0–8: lowest low 10, highest high 20, close 18 → RSV = 8/10·100 = 80.
    // K = (2·50 + 80)/3 = 60; D = (2·50 + 60)/3 = 160/3; J = 3·60 − 2·160/3 = 220/3.
    // index 9, bars 1–9: lowest 11, highest 21, close 17 → RSV = 6/10·100 = 60.
    // K = (2·60 + 60)/3 = 60; D = (2·160/3 + 60)/3 = 500/9; J = 180 − 1000/9 = 620/9.
    // index 10, bars 2–10: lowest 12, highest 21, close 21 → RSV = 100.
    // K = (2·60 + 100)/3 = 220/3; D = (2·500/9 + 220/3)/3 = 1660/27; J = 220 − 3320/27 = 2620/27.
    const r = kdj(bars);
    expectLine(r.k, [null, null, null, null, null, null, null, null, 60, 60, 220 / 3]);
    expectLine(r.d, [null, null, null, null, null, null, null, null, 160 / 3, 500 / 9, 1660 / 27]);
    expectLine(r.j, [null, null, null, null, null, null, null, null, 220 / 3, 620 / 9, 2620 / 27]);
  });

  it('takes RSV = 50 when the 9-bar range is zero', () => {
    // Flat: RSV 50 → K = (100 + 50)/3 = 50, D = 50, J = 50.
    const r = kdj(close(7, 7, 7, 7, 7, 7, 7, 7, 7));
    expect([r.k[8], r.d[8], r.j[8]]).toEqual([50, 50, 50]);
  });
});

describe('RSI (Wilder)', () => {
  // Closes 10, 11, 10, 12, 13, 12, 14 → changes +1, −1, +2, +1, −1, +2.
  const closes = [10, 11, 10, 12, 13, 12, 14];

  it('RSI6 on seven closes: one value, from the simple means of the first six changes', () => {
    // gains 1+2+1+2 = 6 → 6/6 = 1; losses 1+1 = 2 → 2/6 = 1/3; RSI = 100·1/(1 + 1/3) = 75.
    expectLine(rsi(closes, 6), [null, null, null, null, null, null, 75]);
  });

  it('RSI3 smooths with (avg·(n−1) + current)/n', () => {
    // index 3: changes +1, −1, +2 → G = 3/3 = 1, L = 1/3 → 75.
    // index 4 (+1): G = (2·1 + 1)/3 = 1, L = (2·1/3 + 0)/3 = 2/9 → 100/(1 + 2/9) = 900/11.
    // index 5 (−1): G = (2·1 + 0)/3 = 2/3, L = (2·2/9 + 1)/3 = 13/27 → 100·(18/27)/(31/27) = 1800/31.
    // index 6 (+2): G = (2·2/3 + 2)/3 = 10/9, L = (2·13/27)/3 = 26/81 → 100·90/116 = 2250/29.
    // (Cutler's simple-average RSI would give 75 again at index 6.)
    expectLine(rsi(closes, 3), [null, null, null, 75, 900 / 11, 1800 / 31, 2250 / 29]);
  });

  it('is 100 when only rising, 0 when only falling, 50 when flat', () => {
    expect(rsi([1, 2, 3, 4, 5, 6, 7], 6)[6]).toBe(100);
    expect(rsi([7, 6, 5, 4, 3, 2, 1], 6)[6]).toBe(0);
    expect(rsi([5, 5, 5, 5, 5, 5, 5], 6)[6]).toBe(50);
  });
});

describe('indicator properties', () => {
  const series = fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 0, maxLength: 120 });

  it('outputs stay aligned with the input and bounded where they must be', () => {
    fc.assert(
      fc.property(series, (cs) => {
        const bars = cs.map((c, i) => ({ t: i, o: c, h: c + 5, l: Math.max(0, c - 5), c, v: c }));
        for (const line of [ma(cs, 5), ema(cs, 5), rsi(cs, 6), macd(cs).hist, kdj(bars).k, boll(cs).upper]) {
          expect(line).toHaveLength(cs.length);
        }
        for (const r of rsi(cs, 6)) if (r !== null) expect(r >= 0 && r <= 100).toBe(true);
        for (const k of kdj(bars).k) if (k !== null) expect(k >= 0 && k <= 100).toBe(true);
        const b = boll(cs, 5);
        b.mid.forEach((m, i) => {
          if (m !== null) expect(b.lower[i]! <= m + 1e-9 && m <= b.upper[i]! + 1e-9).toBe(true);
        });
      }),
    );
  });

  it('rejects a period that is not a positive integer', () => {
    expect(() => ma([1], 0)).toThrow(RangeError);
    expect(() => ema([1], 2.5)).toThrow(RangeError);
  });
});
