/**
 * The log-price path of one instrument, built in two levels so that any month can be produced
 * without replaying the days before it:
 *
 * 1. Month level: the log price at each month's last day is the anchor level plus a sum of
 *    monthly increments (drift + correlated random move + at most one jump + dividend drops),
 *    one short sum per month — never per day.
 * 2. Day level: inside a month, daily moves are a random walk bridged to hit that month's end
 *    exactly, so months stitch together with no seams.
 *
 * Randomness is correlated through a market factor and a sector factor shared by every
 * instrument (the same draws for the same month/day), plus the instrument's own noise.
 * Daily moves are capped (TSE stocks) and jumps only happen early in a month: a day that hits a
 * price limit catches up within the month, so every month ends on the unclamped path (see daily.ts).
 */
import { rngFor } from './prng';
import type { DayGrid } from './days';

export interface PathSpec {
  code: string;
  grid: DayGrid;
  vol: number;
  drift: number;
  marketFactor: string;
  marketWeight: number;
  sectorFactor: string;
  sectorWeight: number;
  jumpProbability: number;
  jumpCap: number;
  /** Largest |daily move| in log terms outside jump days (Infinity: no cap). */
  dailyCap: number;
  /** Log drop on the dividend ex-date (0: no dividend); ex-date is the second-last day of Mar/Sep. */
  dividendLog: number;
}

export interface MonthPath {
  days: readonly string[];
  /** Log price (anchor share basis) at each day's close. */
  logs: Float64Array;
  jumpIndex: number;
  exDividendIndex: number;
}

/** Shared factor draws (same for every instrument), cached per seed. */
export class FactorDraws {
  private monthly = new Map<string, number>();
  private daily = new Map<string, Float64Array>();
  constructor(readonly seed: string) {}

  month(factor: string, m: number): number {
    const key = `${factor}|${m}`;
    let z = this.monthly.get(key);
    if (z === undefined) {
      z = rngFor(this.seed, factor, m, 'factor-month').truncNormal(4);
      this.monthly.set(key, z);
    }
    return z;
  }

  days(factor: string, grid: DayGrid, m: number): Float64Array {
    const key = `${factor}|${grid.name}|${m}`;
    let zs = this.daily.get(key);
    if (!zs) {
      const days = grid.monthDays(m);
      zs = new Float64Array(days.length);
      for (let i = 0; i < days.length; i++) zs[i] = rngFor(this.seed, factor, days[i]!, 'factor-day').truncNormal(4);
      if (this.daily.size > 20_000) this.daily.clear();
      this.daily.set(key, zs);
    }
    return zs;
  }
}

const DIVIDEND_MONTHS = new Set([2, 8]); // March and September (month index mod 12)

export class LogPath {
  private ends = new Map<number, number>();
  private readonly idioWeight: number;

  constructor(
    private readonly seed: string,
    readonly spec: PathSpec,
    private readonly factors: FactorDraws,
    anchorMonth: number,
    anchorLog: number,
  ) {
    this.ends.set(anchorMonth, anchorLog);
    const a = spec.marketWeight;
    const b = spec.sectorWeight;
    this.idioWeight = Math.sqrt(Math.max(0, 1 - a * a - b * b));
  }

  /** Log price at the close of month m's last day. */
  monthEnd(m: number): number {
    const known = this.ends.get(m);
    if (known !== undefined) return known;
    // Walk from the nearest cached month; each step is one month's increment.
    for (let d = 1; ; d++) {
      if (this.ends.has(m - d)) {
        for (let k = m - d + 1; k <= m; k++) this.ends.set(k, this.ends.get(k - 1)! + this.increment(k).total);
        break;
      }
      if (this.ends.has(m + d)) {
        for (let k = m + d; k > m; k--) this.ends.set(k - 1, this.ends.get(k)! - this.increment(k).total);
        break;
      }
    }
    return this.ends.get(m)!;
  }

  /** The month's path: one log close per grid day, ending exactly on monthEnd(m). */
  month(m: number): MonthPath {
    const { days, n, inc, daily } = this.build(m);
    const start = this.monthEnd(m - 1);
    const logs = new Float64Array(n);
    let acc = start;
    for (let i = 0; i < n; i++) logs[i] = acc += daily[i]!;
    if (n > 0) logs[n - 1] = start + inc.total; // exact, whatever float rounding did
    return { days, logs, jumpIndex: inc.jumpIndex, exDividendIndex: inc.exDividendIndex };
  }

  private increment(m: number) {
    return this.build(m, true).inc;
  }

  private build(m: number, monthOnly = false) {
    const s = this.spec;
    const days = s.grid.monthDays(m);
    const n = days.length;
    const a = s.marketWeight;
    const b = s.sectorWeight;
    const c = this.idioWeight;
    const idio = rngFor(this.seed, s.code, m, 'idio');
    const zMonth = a * this.factors.month(s.marketFactor, m) + b * this.factors.month(s.sectorFactor, m) + c * idio.truncNormal(4);
    const delta = s.vol * Math.sqrt(n) * zMonth;

    const jr = rngFor(this.seed, s.code, m, 'jump');
    let jump = 0;
    let jumpIndex = -1;
    if (n >= 10 && jr.next() < s.jumpProbability) {
      jumpIndex = jr.int(n - 8); // never in the last 8 days: limits catch up within the month
      const size = Math.min(s.jumpCap, 0.05 - 0.05 * Math.log(1 - jr.next()));
      jump = jr.next() < 0.5 ? -size : size;
    }
    const exDividendIndex = s.dividendLog !== 0 && DIVIDEND_MONTHS.has(((m % 12) + 12) % 12) && n >= 2 ? n - 2 : -1;
    const dividend = exDividendIndex >= 0 ? s.dividendLog : 0;
    const inc = { total: n * s.drift + delta + jump + dividend, jumpIndex, exDividendIndex };
    if (monthOnly) return { days, n, inc, daily: new Float64Array(0) };

    const zm = this.factors.days(s.marketFactor, s.grid, m);
    const zs = this.factors.days(s.sectorFactor, s.grid, m);
    const daily = new Float64Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += daily[i] = s.vol * (a * zm[i]! + b * zs[i]! + c * idio.truncNormal(4));
    const correction = (delta - sum) / n; // bridge: the month's moves add up to `delta`
    for (let i = 0; i < n; i++) daily[i]! += correction;
    if (Number.isFinite(s.dailyCap)) capMoves(daily, s.dailyCap);
    for (let i = 0; i < n; i++) daily[i]! += s.drift;
    if (jumpIndex >= 0) daily[jumpIndex]! += jump;
    if (exDividendIndex >= 0) daily[exDividendIndex]! += dividend;
    return { days, n, inc, daily };
  }
}

/** Clip moves to ±cap and spread what was clipped over the other days, keeping the sum. */
function capMoves(moves: Float64Array, cap: number): void {
  for (let round = 0; round < 20; round++) {
    let excess = 0;
    let free = 0;
    for (let i = 0; i < moves.length; i++) {
      const v = moves[i]!;
      if (v > cap || v < -cap) {
        const bound = v > cap ? cap : -cap;
        excess += v - bound;
        moves[i] = bound;
      } else free++;
    }
    if (excess === 0 || free === 0) return;
    const share = excess / free;
    for (let i = 0; i < moves.length; i++) if (Math.abs(moves[i]!) < cap) moves[i]! += share;
  }
}
