/**
 * 1-minute bars for one day, drawn to fit that day's bar exactly: the first minute opens at the
 * open, the path touches the high and the low, ends at the close, and the minute volumes add up
 * to the day's volume. The path is a chain of Brownian bridges between those waypoints, kept
 * inside [low, high] and on valid prices. A day that closes locked at a price limit stays flat on
 * it from the moment it gets there (張り付き). On the TSE the 15:30 closing auction prints the close
 * as a bar of its own; minutes without volume do not move.
 */
import { rngFor, type Rng } from './prng';
import { allocate } from './volume';
import type { LimitPrices } from '../../shared/market';
import type { Series } from './series';
import type { DailyBar, MinuteBar } from '../market/port';

export interface MinuteGrid {
  /** Start instants of the continuous minutes. */
  starts: readonly number[];
  /** Instant of the closing auction print, if the market has one. */
  auctionAt: number | null;
  weights: Float64Array;
}

export function minuteBars(series: Series, bar: DailyBar, lim: LimitPrices | null, grid: MinuteGrid): MinuteBar[] {
  const n = grid.starts.length;
  const r = rngFor(series.ctx.seed, series.instrument.code, bar.date, 'intraday');
  const { open, high, low, close } = bar;

  // Waypoints: [minute index, price]; index -1 is the open.
  const lockUp = lim !== null && close === lim.upper && high === close && close !== open;
  const lockDown = lim !== null && close === lim.lower && low === close && close !== open;
  const lockAt = lockUp || lockDown ? Math.floor(n / 5) + r.int(Math.floor((n * 4) / 5) - 1) : -1;
  const points: Array<[number, number]> = [[-1, open], [n - 1, close]];
  const pick = (lo: number, hi: number) => lo + r.int(Math.max(1, hi - lo));
  if (lockAt >= 0) points.push([lockAt, close]);
  const before = lockAt >= 0 ? lockAt : n - 1; // extremes happen before the lock
  const needHigh = high > Math.max(open, close);
  const needLow = low < Math.min(open, close);
  const tHigh = needHigh ? pick(0, before) : -1;
  let tLow = needLow ? pick(0, before) : -1;
  if (needHigh && needLow && tHigh === tLow) tLow = tLow > 0 ? tLow - 1 : tLow + 1;
  if (needHigh) points.push([tHigh, high]);
  if (needLow) points.push([tLow, low]);
  points.sort((a, b) => a[0] - b[0]);

  const closes = bridgePath(series, r, points, n, low, high);
  if (lockAt >= 0) for (let i = lockAt; i < n; i++) closes[i] = close;

  // Volume in trading units; the auction takes 5–12 % on the TSE.
  const units = Math.round(bar.volume / series.volumeUnit);
  const must = [0, n - 1, ...(needHigh ? [tHigh] : []), ...(needLow ? [tLow] : []), ...(lockAt >= 0 ? [lockAt] : [])];
  const auctionUnits = grid.auctionAt !== null ? Math.max(0, Math.min(units - must.length, Math.round(units * (0.05 + 0.07 * r.next())))) : 0;
  const perMinute = allocate(units - auctionUnits, grid.weights, r, must);

  const out: MinuteBar[] = [];
  let prev = open;
  const pxScale = series.instrument.priceScale * series.instrument.qtyScale * (series.instrument.quoteUnit ?? 1);
  const minuteVol = series.vol / Math.sqrt(n);
  for (let i = 0; i < n; i++) {
    const volume = perMinute[i]! * series.volumeUnit;
    const c = volume === 0 ? prev : closes[i]!;
    if (volume === 0) closes[i] = c;
    let h = Math.max(prev, c);
    let l = Math.min(prev, c);
    const locked = lockAt >= 0 && i >= lockAt; // trades only at the limit once locked
    if (volume > 0 && !locked && r.next() < 0.6) {
      h = Math.min(high, Math.max(h, series.rules.round(h * Math.exp(0.5 * minuteVol * Math.abs(r.normal())), 'up')));
      l = Math.max(low, Math.min(l, series.rules.round(l * Math.exp(-0.5 * minuteVol * Math.abs(r.normal())), 'down')));
    }
    const turnover = Math.round(((h + l + 2 * c) * volume) / (4 * pxScale));
    out.push({ t: grid.starts[i]!, open: prev, high: h, low: l, close: c, volume, turnover });
    prev = c;
  }
  if (grid.auctionAt !== null) {
    const volume = auctionUnits * series.volumeUnit;
    out.push({ t: grid.auctionAt, open: close, high: close, low: close, close, volume, turnover: Math.round((close * volume) / pxScale), auction: true });
  }
  return out;
}

/** Bridges between waypoints at minute resolution, clamped to [low, high] and rounded to ticks. */
function bridgePath(series: Series, r: Rng, points: Array<[number, number]>, n: number, low: number, high: number): number[] {
  const closes = new Array<number>(n).fill(0);
  const sigma = series.vol / Math.sqrt(n);
  for (let s = 0; s + 1 < points.length; s++) {
    const [t0, v0] = points[s]!;
    const [t1, v1] = points[s + 1]!;
    const len = t1 - t0;
    if (len <= 0) continue;
    const walk = new Float64Array(len + 1);
    for (let j = 1; j <= len; j++) walk[j] = walk[j - 1]! + r.normal();
    // 0.6: the day's high and low bound the path, so it wanders less than a free walk would.
    const scale = 0.6 * sigma * (v0 + v1) * 0.5;
    for (let j = 1; j <= len; j++) {
      const i = t0 + j;
      if (i < 0 || i >= n) continue;
      const linear = v0 + ((v1 - v0) * j) / len;
      const noise = (walk[j]! - (walk[len]! * j) / len) * scale;
      const v = j === len ? v1 : series.rules.round(linear + noise, 'nearest');
      closes[i] = v > high ? high : v < low ? low : v;
    }
  }
  return closes;
}
