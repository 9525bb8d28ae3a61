/**
 * Simulated time and sales (歩み値), drawn from the day's 1-minute bars so they agree with the
 * quote at every step. A quote (quote.ts) reads a minute as four 15-second checkpoints — open, one
 * extreme, the other, close — and counts a quarter of the minute's volume at each. The prints do
 * the same: quarter 0 is one print at the open on the minute's first second; quarter k (1…3) walks from
 * checkpoint k−1 to checkpoint k during the 15 seconds that end at the checkpoint, its last print
 * exactly there at the checkpoint's price; prints in between may trade one tick up (at the offer). So:
 * - every print of a minute lies within that minute's low and high, on a valid tick;
 * - the prints of a quarter add up to exactly the volume the quote adds at that checkpoint, so a
 *   minute's prints add up to its volume and, shown up to the quote's last checkpoint, the tape's
 *   total is the quote's volume and its last price is the quote's price;
 * - the closing auction (15:30) is one print of the auction's whole volume.
 * A thin minute may add no volume in a quarter; the quote still moves its price to that
 * checkpoint, and the tape has no print there (nothing traded).
 * Sizes are whole lots. One stream per (seed, code, minute): any minute can be drawn on its own.
 */
import { rngFor, type Rng } from './prng';
import type { MinuteBar } from '../market/port';

const QUARTER = 15_000;
/** Prints per quarter at most (the busiest stocks trade far more often; the tape shows the gist). */
const MAX_PRINTS = 24;

export interface SimPrint {
  t: number;
  price: number;
  /** Shares (or units), a multiple of the volume unit. */
  qty: number;
  /** Compared with the previous print (the first of the day with the previous close). */
  dir: 'up' | 'down' | 'flat';
  /** The closing auction's single print. */
  auction: boolean;
}

export interface TapeRules {
  /** The valid price nearest to a raw one (tick table). */
  round(price: number): number;
  /** The next valid price above (one tick up). */
  up(price: number): number;
  volumeUnit: number;
}

type RawPrint = Omit<SimPrint, 'dir'>;

/** Checkpoint prices in the order the quote passes them. */
export function checkpoints(bar: MinuteBar): [number, number, number, number] {
  return bar.close >= bar.open ? [bar.open, bar.low, bar.high, bar.close] : [bar.open, bar.high, bar.low, bar.close];
}

/** Split `units` into `n` positive parts with log-normal weights (largest remainder). */
function split(r: Rng, units: number, n: number): number[] {
  const w = Array.from({ length: n }, () => Math.exp(1.1 * r.normal()));
  const sum = w.reduce((a, b) => a + b, 0);
  const left = units - n;
  const out = w.map((x) => 1 + Math.floor((x / sum) * left));
  let given = out.reduce((a, b) => a + b, 0);
  const order = w.map((x, i) => [((x / sum) * left) % 1, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; given < units; k++, given++) out[order[k % n]![1]]! += 1;
  return out;
}

/** Every print of one minute bar, oldest first, each with the quarter (0…3) it belongs to. */
export function minutePrints(seed: string, code: string, bar: MinuteBar, rules: TapeRules): Array<RawPrint & { quarter: number }> {
  if (bar.volume <= 0) return [];
  const unit = rules.volumeUnit;
  const units = Math.round(bar.volume / unit);
  if (bar.auction) return [{ t: bar.t, price: bar.close, qty: units * unit, auction: true, quarter: 0 }];
  const r = rngFor(seed, code, bar.t, 'tape');
  const pts = checkpoints(bar);
  const out: Array<RawPrint & { quarter: number }> = [];
  for (let k = 0; k < 4; k++) {
    const u = Math.floor((units * (k + 1)) / 4) - Math.floor((units * k) / 4);
    if (u === 0) continue;
    // Quarter 0 is the volume the quote counts at the minute's open, all in its first second: one
    // print there (a burst of many prints stamped with the same second reads as a glitch).
    const n = k === 0 ? 1 : Math.min(u, MAX_PRINTS, 1 + Math.floor(Math.pow(u, 0.6) * (0.4 + 0.6 * r.next())));
    const sizes = split(r, u, n);
    const end = bar.t + k * QUARTER;
    // Seconds inside (end − 15 s, end]; quarter 0 prints on the minute's first second.
    const secs = Array.from({ length: n }, (_, i) => (k === 0 || i === n - 1 ? 0 : 1 + r.int(14))).sort((a, b) => b - a);
    const from = k === 0 ? pts[0] : pts[k - 1]!;
    const to = pts[k]!;
    for (let i = 0; i < n; i++) {
      let price = to;
      if (k > 0 && i < n - 1) {
        const raw = from + ((to - from) * (i + 1)) / n;
        const lo = Math.min(from, to);
        const hi = Math.max(from, to);
        const p = rules.round(raw);
        price = p < lo ? lo : p > hi ? hi : p;
      }
      // Between checkpoints some prints lift the offer, one tick up (buyers paying the ask), as a
      // real tape bounces between bid and ask; never past the minute's high.
      if (i < n - 1 && r.next() < 0.3) price = rules.up(price);
      price = Math.min(bar.high, Math.max(bar.low, price));
      out.push({ t: end - secs[i]! * 1000, price, qty: sizes[i]! * unit, auction: false, quarter: k });
    }
  }
  return out;
}

/** Whether a print had happened by `at`, as the quote sees it (a quarter counts from its checkpoint). */
function seenBy(bar: MinuteBar, quarter: number, at: number): boolean {
  return at >= bar.t + (bar.auction ? 0 : quarter * QUARTER);
}

/**
 * The latest `limit` prints of the day up to `at`, newest first. `prevClose` gives the first
 * print's direction.
 */
export function latestPrints(
  seed: string,
  code: string,
  minutes: readonly MinuteBar[],
  at: number,
  prevClose: number,
  limit: number,
  rules: TapeRules,
): SimPrint[] {
  // Newest minutes first, until one print more than asked (it gives the oldest its direction).
  const picked: RawPrint[][] = [];
  let count = 0;
  let firstMinute = 0;
  for (let i = minutes.length - 1; i >= 0; i--) {
    const bar = minutes[i]!;
    if (bar.t > at) continue;
    const prints = minutePrints(seed, code, bar, rules).filter((p) => seenBy(bar, p.quarter, at));
    picked.unshift(prints.map(({ quarter: _q, ...p }) => p));
    count += prints.length;
    firstMinute = i;
    if (count > limit) break;
  }
  let prev = firstMinute === 0 ? prevClose : null; // else the oldest print is only a reference
  const withDir: SimPrint[] = [];
  for (const p of picked.flat()) {
    const dir = prev === null || p.price === prev ? 'flat' : p.price > prev ? 'up' : 'down';
    withDir.push({ ...p, dir });
    prev = p.price;
  }
  return withDir.reverse().slice(0, limit);
}
