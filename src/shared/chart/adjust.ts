import { assertSorted } from './aggregate';
import type { Bar } from './types';

/*
 * Price adjustment for corporate actions (復権).
 *
 * - forward (前復権): the latest prices stay real; every bar before an action's ex-date is scaled.
 * - backward (後復権): the oldest prices stay real; every bar on or after an ex-date is scaled.
 * - none: the bars are returned unchanged (the same array).
 *
 * An action applies at its ex-date `t`: bars with t_bar >= t are "after" it. Only actions inside
 * the bars' span (first bar < t ≤ last bar) matter; others have nothing before or after them to
 * reconcile and are ignored.
 *
 * Factors are proportional (等比), the method of Yahoo! Finance, CRSP and most data vendors, not
 * the subtractive "price − dividend" variant some East-Asian terminals use: percentage moves stay
 * exact, long histories can never go negative, and forward and backward series differ only by one
 * constant factor, so both draw the same shape.
 *   split {from, to} (from shares become to; 1→2 halves the price): f = from / to
 *   dividend D (scaled price units per share): f = (C − D) / C, C = the close of the last bar
 *     before the ex-date (the classic ex-dividend reference price). D must be in (0, C).
 * forward: price × Π f over actions after the bar;  backward: price × Π 1/f over actions at or before it.
 *
 * Rounding: the factors are kept as exact rationals (BigInt) and each adjusted price is rounded
 * once, to the nearest integer in the price's own scale, halves rounding up (1172.5 → 1173).
 * Volumes move inversely to splits only (a 1→2 split doubles earlier volumes in forward mode),
 * rounded the same way; dividends leave volume alone. `turnover` (traded value) is unchanged by
 * either. Adjust the base bars before aggregating them (see aggregate.ts).
 */

export type CorporateAction =
  | { t: number; kind: 'split'; ratio: { from: number; to: number } }
  | { t: number; kind: 'dividend'; amount: number };

export const ADJUST_MODES = ['none', 'forward', 'backward'] as const;
export type AdjustMode = (typeof ADJUST_MODES)[number];

interface Ratio {
  n: bigint;
  d: bigint;
}

const ONE: Ratio = { n: 1n, d: 1n };

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function mul(a: Ratio, b: Ratio): Ratio {
  const n = a.n * b.n;
  const d = a.d * b.d;
  const g = gcd(n, d);
  return { n: n / g, d: d / g };
}

function inverse(r: Ratio): Ratio {
  return { n: r.d, d: r.n };
}

/** round(x × r) for a non-negative integer x, halves up, exact. */
function scale(x: number, r: Ratio): number {
  if (r.n === r.d) return x;
  return Number((2n * BigInt(x) * r.n + r.d) / (2n * r.d));
}

function positiveInt(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${what} must be a positive integer: ${value}`);
  return BigInt(value);
}

/** Price factor f of each action (what bars before it are multiplied by in forward mode) and its split part. */
function actionFactors(bars: readonly Bar[], action: CorporateAction): { price: Ratio; split: Ratio } {
  if (action.kind === 'split') {
    const r = { n: positiveInt(action.ratio.from, 'split from'), d: positiveInt(action.ratio.to, 'split to') };
    const g = gcd(r.n, r.d);
    const reduced = { n: r.n / g, d: r.d / g };
    return { price: reduced, split: reduced };
  }
  // The close of the last bar before the ex-date.
  let lo = 0;
  let hi = bars.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (bars[mid]!.t < action.t) lo = mid;
    else hi = mid - 1;
  }
  const close = bars[lo]!.c;
  const amount = positiveInt(action.amount, 'dividend amount');
  const c = positiveInt(close, 'reference close');
  if (amount >= c) throw new RangeError(`dividend ${action.amount} is not below the reference close ${close}`);
  const g = gcd(c - amount, c);
  return { price: { n: (c - amount) / g, d: c / g }, split: ONE };
}

/**
 * Bars adjusted for `actions` (any order) in `mode`. Bars must be sorted by time; prices and
 * volumes non-negative integers. Throws RangeError on a malformed action.
 */
export function adjustBars(bars: readonly Bar[], actions: readonly CorporateAction[], mode: AdjustMode): readonly Bar[] {
  if (mode === 'none' || bars.length === 0) return bars;
  assertSorted(bars);
  const first = bars[0]!.t;
  const last = bars[bars.length - 1]!.t;
  const relevant = actions.filter((a) => a.t > first && a.t <= last).sort((a, b) => a.t - b.t);
  if (relevant.length === 0) return bars;
  const factors = relevant.map((a) => actionFactors(bars, a));

  const out: Bar[] = new Array<Bar>(bars.length);
  let price = ONE;
  let split = ONE;
  const put = (i: number) => {
    const b = bars[i]!;
    out[i] = {
      ...b,
      o: scale(b.o, price),
      h: scale(b.h, price),
      l: scale(b.l, price),
      c: scale(b.c, price),
      v: scale(b.v, inverse(split)),
    };
  };

  if (mode === 'forward') {
    // Walk back from the latest bar; each action passed multiplies every earlier bar by its f.
    let k = relevant.length - 1;
    for (let i = bars.length - 1; i >= 0; i--) {
      while (k >= 0 && relevant[k]!.t > bars[i]!.t) {
        price = mul(price, factors[k]!.price);
        split = mul(split, factors[k]!.split);
        k--;
      }
      put(i);
    }
  } else {
    // Walk forward from the oldest bar; each ex-date reached multiplies it and every later bar by 1/f.
    let k = 0;
    for (let i = 0; i < bars.length; i++) {
      while (k < relevant.length && relevant[k]!.t <= bars[i]!.t) {
        price = mul(price, inverse(factors[k]!.price));
        split = mul(split, inverse(factors[k]!.split));
        k++;
      }
      put(i);
    }
  }
  return out;
}
