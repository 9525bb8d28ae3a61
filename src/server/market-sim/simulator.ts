/**
 * The simulated Tokyo market (docs/domain.md): a MarketDataSource computed, never stored.
 * Deterministic from a seed: every number is a pure function of (seed, instrument, day/month),
 * so two simulators with the same seed agree everywhere, and any day can be produced on demand
 * (months of daily bars, days of minute bars) with nothing generated at start-up.
 * The anchor date pins the price levels of data/ (late 2025); history runs back from it and the
 * future forward from it. Prices, volumes and index levels are integers.
 */
import { dayNumber, jstDate, monthOf, type IsoDate, type LimitPrices } from '../../shared/market';
import { monthBars, type MonthBars } from './daily';
import { combineDaily, combineMinutes, factorsOn, fitIndex, type IndexModel } from './indices';
import { INDEX_DEFS, INSTRUMENTS, universeEntry } from './instruments';
import { minuteBars as drawMinutes } from './intraday';
import { minuteGrid, quoteDay } from './grids';
import { Lru } from '../platform/lru';
import { FactorDraws } from './path';
import { buildQuote } from './quote';
import { Series, type SeriesContext } from './series';
import { corporateActionsOf } from './corporate-actions';
import { OutsideHorizonError, UnknownInstrumentError, type CorporateAction, type DailyBar, type Instrument, type MarketDataSource, type MinuteBar, type Quote } from '../market/port';

export interface SimulatorOptions {
  seed?: string;
  /** The date whose closes equal the reference price levels (a month's last trading day). */
  anchorDate?: IsoDate;
  /** First and last day the simulator serves. */
  historyStart?: IsoDate;
  horizonEnd?: IsoDate;
}

export const SIMULATOR_DEFAULTS = { seed: 'kabuto', anchorDate: '2025-12-30', historyStart: '2019-01-04', horizonEnd: '2030-12-30' } as const;

export { OutsideHorizonError };

type DayData = { bar: DailyBar; base: number; limits: MonthBars['limits'][number] };

export class Simulator implements MarketDataSource {
  readonly options: Required<SimulatorOptions>;
  private readonly ctx: SeriesContext;
  private readonly series = new Map<string, Series>();
  private readonly indexModels = new Map<string, IndexModel>();
  private readonly months = new Lru<string, MonthBars>(50_000);
  private readonly minutes = new Lru<string, MinuteBar[]>(8_000);
  /** Each stock's actions over the whole horizon: asked for by every corporate-actions job run. */
  private readonly actions = new Lru<string, CorporateAction[]>(4_000);

  constructor(options: SimulatorOptions = {}) {
    this.options = { ...SIMULATOR_DEFAULTS, ...options };
    const { seed, anchorDate, historyStart, horizonEnd } = this.options;
    this.ctx = {
      seed,
      factors: new FactorDraws(seed),
      anchorDate,
      anchorMonth: monthOf(anchorDate).index,
      firstYear: monthOf(historyStart).year,
      lastYear: monthOf(horizonEnd).year,
    };
  }

  instruments(): readonly Instrument[] {
    return INSTRUMENTS;
  }

  instrument(code: string): Instrument | undefined {
    return universeEntry(code)?.instrument;
  }

  dailyBars(code: string, from: IsoDate, to: IsoDate): DailyBar[] {
    const inst = this.require(code);
    const lo = dayNumber(from) < dayNumber(this.options.historyStart) ? this.options.historyStart : from;
    const hi = dayNumber(to) > dayNumber(this.options.horizonEnd) ? this.options.horizonEnd : to;
    const out: DailyBar[] = [];
    for (let m = monthOf(lo).index; m <= monthOf(hi).index; m++) {
      for (const bar of this.month(inst, m).bars) if (bar.date >= lo && bar.date <= hi) out.push(bar);
    }
    return out;
  }

  minuteBars(code: string, day: IsoDate): MinuteBar[] {
    const inst = this.require(code);
    if (!this.inHorizon(day)) return [];
    return this.minutes.getOr(`${code}|${day}`, () => {
      if (inst.kind === 'index') {
        const model = this.indexModel(code);
        const parts = model.members.map((s) => this.minuteBars(s.instrument.code, day));
        return combineMinutes(parts, factorsOn(model, day));
      }
      const data = this.day(inst, day);
      if (!data) return [];
      return drawMinutes(this.seriesOf(code), data.bar, data.limits, minuteGrid(inst.kind, day));
    });
  }

  corporateActions(code: string): CorporateAction[] {
    const inst = this.require(code);
    if (inst.kind !== 'stock') return [];
    return this.actions.getOr(code, () => corporateActionsOf(this.seriesOf(code), this.options, (m) => this.month(inst, m)));
  }

  quote(code: string, at: number): Quote {
    const inst = this.require(code);
    const qd = quoteDay(inst.kind, at);
    if (!this.inHorizon(qd.date)) throw new OutsideHorizonError(`${qd.date} is outside the simulated horizon`);
    const data = this.day(inst, qd.date)!;
    const s = inst.kind === 'index' ? null : this.seriesOf(code);
    return buildQuote({
      instrument: inst,
      at,
      session: qd.session,
      day: { date: qd.date, base: data.base, limits: data.limits, minutes: this.minuteBars(code, qd.date) },
      orderLimits: qd.session === 'pre_open' && data.limits ? this.limitsOn(inst, jstDate(at)) : undefined,
      volumeUnit: s?.volumeUnit ?? 1,
      shares: s && inst.sharesOutstanding ? Math.round(inst.sharesOutstanding / s.splitFactor(qd.date)) : null,
      tick: (p) => s?.rules.tick(p) ?? 1,
      continuous: qd.continuous && inst.kind !== 'index', // an index has no order book
    });
  }

  /** The fitted model of an index (weights per member), e.g. for explaining a level. */
  indexModel(code: string): IndexModel {
    let model = this.indexModels.get(code);
    if (!model) {
      const def = INDEX_DEFS.find((d) => d.code === code);
      const inst = this.instrument(code);
      if (!def || !inst?.members) throw new UnknownInstrumentError(code);
      const level = universeEntry(code)!.sim.refPrice;
      model = fitIndex(code, inst.members.map((c) => this.seriesOf(c)), def.method, level);
      this.indexModels.set(code, model);
    }
    return model;
  }

  private require(code: string): Instrument {
    const inst = this.instrument(code);
    if (!inst) throw new UnknownInstrumentError(code);
    return inst;
  }

  /**
   * A trading day's own limits, from its base price (the previous close, split-adjusted on an
   * ex-date); null when the day is outside the horizon (no band is known, so no order is taken).
   */
  private limitsOn(inst: Instrument, date: IsoDate): LimitPrices | null {
    return this.inHorizon(date) ? (this.day(inst, date)?.limits ?? null) : null;
  }

  private inHorizon(date: IsoDate): boolean {
    return date >= this.options.historyStart && date <= this.options.horizonEnd;
  }

  private seriesOf(code: string): Series {
    let s = this.series.get(code);
    if (!s) {
      s = new Series(this.ctx, universeEntry(code)!);
      this.series.set(code, s);
    }
    return s;
  }

  private month(inst: Instrument, m: number): MonthBars {
    return this.months.getOr(`${inst.code}|${m}`, () => {
      if (inst.kind !== 'index') return monthBars(this.seriesOf(inst.code), m);
      const model = this.indexModel(inst.code);
      const parts = model.members.map((s) => this.month(s.instrument, m));
      const out: MonthBars = { bars: [], bases: [], limits: [] };
      parts[0]?.bars.forEach((first, k) => {
        const f = factorsOn(model, first.date);
        out.bars.push(combineDaily(first.date, parts.map((p) => p.bars[k]!), f));
        out.bases.push(Math.round(parts.reduce((acc, p, i) => acc + f[i]! * p.bases[k]!, 0)));
        out.limits.push(null);
      });
      return out;
    });
  }

  private day(inst: Instrument, date: IsoDate): DayData | null {
    const mb = this.month(inst, monthOf(date).index);
    const k = mb.bars.findIndex((b) => b.date === date);
    return k < 0 ? null : { bar: mb.bars[k]!, base: mb.bases[k]!, limits: mb.limits[k] ?? null };
  }
}
