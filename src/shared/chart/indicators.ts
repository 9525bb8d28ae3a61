import type { Bar } from './types';

/*
 * Technical indicators for display. Inputs are scaled integer prices (or volumes); outputs are
 * floats in the same units, aligned index for index with the input, null until enough data
 * exists. Conventions (each is one of several in use; these are the ones we chose):
 *
 * - MA(n): simple mean of the last n values.
 * - EMA(n): α = 2/(n+1), seeded with the simple mean of the first n values at index n−1 (the
 *   TA-Lib / StockCharts rule), so nothing is shown before n values exist. (Many East-Asian
 *   terminals instead seed with the first value and draw from bar 0; early values then depend on
 *   where the data happens to start.)
 * - BOLL(n=20, k=2): mid = MA(n), upper/lower = mid ± k·σ with σ the population standard
 *   deviation (÷n, not ÷(n−1)) of the same n values, as Bollinger defined it.
 * - VOL: the volumes with MA5 and MA10 of volume.
 * - MACD(12, 26, 9): DIF = EMA12 − EMA26, DEA = EMA9 of DIF (seeded with the mean of the first 9
 *   DIF values), histogram = 2 × (DIF − DEA), the doubled bar of East-Asian apps (Western charts
 *   draw DIF − DEA). DIF starts at index 25, DEA and the histogram at index 33.
 * - KDJ(9, 3, 3): RSV = (C − lowest low of 9) / (highest high of 9 − lowest low) × 100 (50 when
 *   the 9-bar range is zero); K = (2·K₋₁ + RSV)/3, D = (2·D₋₁ + K)/3 with K₋₁ = D₋₁ = 50 before
 *   the first RSV; J = 3K − 2D. Values start at index 8.
 * - RSI(n) for n = 6, 12, 24: Wilder's smoothing. Changes d = C − C₋₁; the first average gain and
 *   loss are the simple means of the first n changes (RSI at index n), then
 *   avg = (avg₋₁·(n−1) + current)/n. RSI = 100·avgGain/(avgGain + avgLoss); 50 when both are 0.
 */

export type Line = (number | null)[];

function checkPeriod(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`indicator period must be a positive integer: ${n}`);
}

export function closes(bars: readonly Bar[]): number[] {
  return bars.map((b) => b.c);
}

export function volumes(bars: readonly Bar[]): number[] {
  return bars.map((b) => b.v);
}

/** Simple moving average. Leading nulls in `values` are skipped (the window starts after them). */
export function ma(values: readonly (number | null)[], n: number): Line {
  checkPeriod(n);
  const out: Line = new Array<number | null>(values.length).fill(null);
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    sum += v;
    count++;
    if (count > n) sum -= values[i - n]!;
    if (count >= n) out[i] = sum / n;
  }
  return out;
}

/** Exponential moving average, α = 2/(n+1), seeded with the mean of the first n (non-null) values. */
export function ema(values: readonly (number | null)[], n: number): Line {
  checkPeriod(n);
  const out: Line = new Array<number | null>(values.length).fill(null);
  const alpha = 2 / (n + 1);
  let count = 0;
  let sum = 0;
  let prev = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined) continue;
    count++;
    if (count < n) {
      sum += v;
    } else if (count === n) {
      prev = (sum + v) / n;
      out[i] = prev;
    } else {
      prev = alpha * v + (1 - alpha) * prev;
      out[i] = prev;
    }
  }
  return out;
}

export interface Boll {
  mid: Line;
  upper: Line;
  lower: Line;
}

/** Bollinger bands: MA(n) ± k × population standard deviation. */
export function boll(values: readonly number[], n = 20, k = 2): Boll {
  checkPeriod(n);
  const mid = ma(values, n);
  const upper: Line = new Array<number | null>(values.length).fill(null);
  const lower: Line = new Array<number | null>(values.length).fill(null);
  for (let i = n - 1; i < values.length; i++) {
    const m = mid[i]!;
    let ss = 0;
    for (let j = i - n + 1; j <= i; j++) ss += (values[j]! - m) ** 2;
    const sd = Math.sqrt(ss / n);
    upper[i] = m + k * sd;
    lower[i] = m - k * sd;
  }
  return { mid, upper, lower };
}

export interface Vol {
  vol: number[];
  ma5: Line;
  ma10: Line;
}

export function vol(bars: readonly Bar[]): Vol {
  const v = volumes(bars);
  return { vol: v, ma5: ma(v, 5), ma10: ma(v, 10) };
}

export interface Macd {
  dif: Line;
  dea: Line;
  hist: Line;
}

export function macd(values: readonly number[], fast = 12, slow = 26, signal = 9): Macd {
  const ef = ema(values, fast);
  const es = ema(values, slow);
  const dif: Line = values.map((_, i) => (ef[i] != null && es[i] != null ? ef[i]! - es[i]! : null));
  const dea = ema(dif, signal);
  const hist: Line = dif.map((d, i) => (d != null && dea[i] != null ? 2 * (d - dea[i]!) : null));
  return { dif, dea, hist };
}

export interface Kdj {
  k: Line;
  d: Line;
  j: Line;
}

export function kdj(bars: readonly Bar[], n = 9, m1 = 3, m2 = 3): Kdj {
  checkPeriod(n);
  checkPeriod(m1);
  checkPeriod(m2);
  const len = bars.length;
  const k: Line = new Array<number | null>(len).fill(null);
  const d: Line = new Array<number | null>(len).fill(null);
  const j: Line = new Array<number | null>(len).fill(null);
  let pk = 50;
  let pd = 50;
  for (let i = n - 1; i < len; i++) {
    let hh = -Infinity;
    let ll = Infinity;
    for (let x = i - n + 1; x <= i; x++) {
      if (bars[x]!.h > hh) hh = bars[x]!.h;
      if (bars[x]!.l < ll) ll = bars[x]!.l;
    }
    const rsv = hh === ll ? 50 : ((bars[i]!.c - ll) / (hh - ll)) * 100;
    pk = ((m1 - 1) * pk + rsv) / m1;
    pd = ((m2 - 1) * pd + pk) / m2;
    k[i] = pk;
    d[i] = pd;
    j[i] = 3 * pk - 2 * pd;
  }
  return { k, d, j };
}

/** Relative strength index with Wilder's smoothing (see the header). */
export function rsi(values: readonly number[], n: number): Line {
  checkPeriod(n);
  const out: Line = new Array<number | null>(values.length).fill(null);
  let gain = 0;
  let loss = 0;
  const value = () => (gain + loss === 0 ? 50 : (100 * gain) / (gain + loss));
  for (let i = 1; i < values.length; i++) {
    const change = values[i]! - values[i - 1]!;
    const g = change > 0 ? change : 0;
    const l = change < 0 ? -change : 0;
    if (i < n) {
      gain += g;
      loss += l;
    } else if (i === n) {
      gain = (gain + g) / n;
      loss = (loss + l) / n;
      out[i] = value();
    } else {
      gain = (gain * (n - 1) + g) / n;
      loss = (loss * (n - 1) + l) / n;
      out[i] = value();
    }
  }
  return out;
}
