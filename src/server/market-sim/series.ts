/**
 * Everything the simulator knows about one tradable instrument: its path, split schedule, price
 * rules and volume scale. Built once per instrument per simulator; cheap (no prices computed).
 */
import { LOT_SIZE, type IsoDate } from '../../shared/market';
import { gridFor, type DayGrid } from './days';
import { FactorDraws, LogPath } from './path';
import { tseRules, UNIT_RULES, type PriceRules } from './rules';
import { splitFactor, splitSchedule, type SplitEvent } from './splits';
import type { UniverseEntry } from './instruments';
import type { Instrument } from '../market/port';

export interface SeriesContext {
  seed: string;
  factors: FactorDraws;
  anchorDate: IsoDate;
  anchorMonth: number;
  firstYear: number;
  lastYear: number;
}

// Growth stocks jump more often and further (limit-up runs are part of that market's character).
const JUMPS = { stock: [0.08, 0.22], growth: [0.15, 0.3], crypto: [0.1, 0.25], fx: [0.02, 0.03] } as const;
const ASIA_FX = new Set(['CNY', 'TWD', 'THB', 'MYR', 'KRW', 'VND']);

export class Series {
  readonly instrument: Instrument;
  readonly grid: DayGrid;
  readonly rules: PriceRules;
  readonly path: LogPath;
  readonly splits: readonly SplitEvent[];
  /** Volume comes in multiples of this (a trading unit of 100 shares for stocks). */
  readonly volumeUnit: number;
  readonly vol: number;
  readonly dailyVolume: number;
  readonly dividendYield: number;

  constructor(readonly ctx: SeriesContext, entry: UniverseEntry) {
    const inst = entry.instrument;
    const sim = entry.sim;
    this.instrument = inst;
    this.grid = gridFor(inst.kind);
    this.rules = inst.kind === 'stock' ? tseRules(inst.tickTable ?? 'other') : UNIT_RULES;
    this.volumeUnit = inst.kind === 'stock' ? LOT_SIZE : 1;
    this.vol = sim.vol;
    this.dailyVolume = sim.dailyVolume;
    this.dividendYield = sim.dividendYield;
    this.splits = inst.kind === 'stock' ? splitSchedule(ctx.seed, inst.code, ctx.firstYear, ctx.lastYear) : [];

    const isStock = inst.kind === 'stock';
    const jumps = isStock ? (inst.segment === 'growth' ? JUMPS.growth : JUMPS.stock) : inst.kind === 'crypto' ? JUMPS.crypto : JUMPS.fx;
    const base = inst.base ?? '';
    this.path = new LogPath(
      ctx.seed,
      {
        code: inst.code,
        grid: this.grid,
        vol: sim.vol,
        drift: sim.drift,
        marketFactor: isStock ? 'mkt:jp' : inst.kind === 'crypto' ? 'mkt:crypto' : 'mkt:usd',
        marketWeight: isStock ? 0.55 : inst.kind === 'crypto' ? 0.8 : base === 'HKD' ? 0.95 : 0.6,
        sectorFactor: isStock ? `sec:${inst.sector}` : inst.kind === 'fx' ? 'sec:asia-fx' : 'sec:none',
        sectorWeight: isStock ? 0.45 : ASIA_FX.has(base) ? 0.45 : 0,
        jumpProbability: inst.fixed ? 0 : jumps[0],
        jumpCap: jumps[1],
        // Below the smallest daily limit (≈13 % in log terms) so limit hits resolve within a month.
        dailyCap: isStock ? 0.085 : Number.POSITIVE_INFINITY,
        dividendLog: sim.dividendYield > 0 ? Math.log(1 - sim.dividendYield / 2) : 0,
      },
      ctx.factors,
      ctx.anchorMonth,
      Math.log(sim.refPrice),
    );
  }

  /** The split that goes ex on `date`, if any. */
  splitOn(date: IsoDate): SplitEvent | undefined {
    return this.splits.find((s) => s.exDate === date);
  }

  /** Raw ÷ anchor-basis price on `date` (see splits.ts). */
  splitFactor(date: IsoDate): number {
    return this.splits.length === 0 ? 1 : splitFactor(this.splits, this.ctx.anchorDate, date);
  }

  /** The valid raw price for a log price (anchor basis) on `date`. */
  priceFor(log: number, date: IsoDate): number {
    return this.rules.round(Math.exp(log) * this.splitFactor(date), 'nearest');
  }
}
