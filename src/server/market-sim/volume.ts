/**
 * Intraday volume: how a day's volume spreads over its minutes. Tokyo trades most right after the
 * 9:00 open, again at the 12:30 reopen and into the close (a U-curve per session), with the
 * closing auction taking a slice of its own. Crypto and FX follow the world's trading hours.
 */
import type { Rng } from './prng';

/** Relative activity of each TSE continuous minute (0…149 morning, 150…324 afternoon). */
export function tseMinuteWeights(): Float64Array {
  const w = new Float64Array(325);
  for (let i = 0; i < 150; i++) w[i] = 1 + 3 * Math.exp(-i / 8) + 0.8 * Math.exp(-(149 - i) / 6);
  for (let j = 0; j < 175; j++) w[150 + j] = 1 + 1.2 * Math.exp(-j / 8) + 2.5 * Math.exp(-(174 - j) / 15);
  return w;
}

/** Crypto, minute 0 = Tokyo midnight: busiest around 22:00 JST when New York is open. */
export function cryptoMinuteWeights(): Float64Array {
  const w = new Float64Array(1440);
  for (let i = 0; i < 1440; i++) w[i] = 1 + 0.3 * (1 + Math.cos((2 * Math.PI * (i - 1320)) / 1440));
  return w;
}

/** FX, minute 0 = 7:00 JST: the Tokyo morning (9:55 fixing) and the London–New York overlap. */
export function fxMinuteWeights(): Float64Array {
  const w = new Float64Array(1380);
  const bump = (i: number, at: number, width: number) => Math.exp(-(((i - at) / width) ** 2));
  for (let i = 0; i < 1380; i++) w[i] = 1 + bump(i, 170, 60) + 1.5 * bump(i, 840, 200);
  return w;
}

/**
 * Split `total` whole units over the minutes: one unit first to each minute in `mustTrade` (the
 * open, the close, the minutes that print the high and the low), the rest in proportion to
 * weight × noise by largest remainder, so the parts add up exactly.
 */
export function allocate(total: number, weights: Float64Array, rng: Rng, mustTrade: readonly number[]): number[] {
  const n = weights.length;
  const out = new Array<number>(n).fill(0);
  let left = total;
  for (const i of new Set(mustTrade)) {
    if (left > 0 && i >= 0 && i < n) {
      out[i] = 1;
      left--;
    }
  }
  const x = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += x[i] = weights[i]! * Math.exp(0.6 * rng.normal());
  let given = 0;
  const frac: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const share = (x[i]! / sum) * left;
    const whole = Math.floor(share);
    out[i]! += whole;
    given += whole;
    frac.push([share - whole, i]);
  }
  frac.sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (let k = 0; given < left; k++, given++) out[frac[k % n]![1]]! += 1;
  return out;
}
