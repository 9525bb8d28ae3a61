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
import { INDEX_DEFS, INSTRUMENTS, universeEntry, type UniverseEntry } from './instruments';
import { minuteBars as drawMinutes } from './intraday';
import { minuteGrid, quoteDay } from './grids';
import { Lru } from '../platform/lru';
import { FactorDraws } from './path';
import { buildQuote } from './quote';
import { Series, type SeriesContext } from './series';
import { corporateActionsOf } from './corporate-actions';
import { OutsideHorizonError, UnknownInstrumentError, type CorporateAction, type DailyBar, type Instrument, type MarketDataSource, type MinuteBar, type NewListing, type Quote } from '../market/port';

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

/** Month bars of the written universe, by options, code and month, for every simulator of the process. */
const SHARED_MONTHS = new Lru<string, MonthBars>(50_000);

type DayData = { bar: DailyBar; base: number; limits: MonthBars['limits'][number] };

export class Simulator implements MarketDataSource {
  readonly options: Required<SimulatorOptions>;
  private readonly ctx: SeriesContext;
  private readonly series = new Map<string, Series>();
  private readonly indexModels = new Map<string, IndexModel>();
  /** Months of stocks listed after start (listNew): this simulator's own. */
  private readonly months = new Lru<string, MonthBars>(8_000);
  private readonly optionsKey: string;
  private readonly minutes = new Lru<string, MinuteBar[]>(8_000);
  /** Each stock's actions over the whole horizon: asked for by every corporate-actions job run. */
  private readonly actions = new Lru<string, CorporateAction[]>(4_000);
  /**
   * Stocks listed after start (IPOs, docs/domain.md "IPO"): kept by the ipo module in its own
   * table and handed over with listNew at start and on each listing date. They trade like the
   * written universe from their listing date; before it they have no bars.
   */
  private readonly listed = new Map<string, { entry: UniverseEntry; listing: NewListing }>();
  private allInstruments: readonly Instrument[] = INSTRUMENTS;

  constructor(options: SimulatorOptions = {}) {
    this.options = { ...SIMULATOR_DEFAULTS, ...options };
    const { seed, anchorDate, historyStart, horizonEnd } = this.options;
    this.optionsKey = JSON.stringify([seed, anchorDate, historyStart, horizonEnd]);
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
    return this.allInstruments;
  }

  instrument(code: string): Instrument | undefined {
    return this.entryOf(code)?.instrument;
  }

  /**
   * A new stock from its listing date (MarketDataSource.listNew). Its path is the ordinary one of
   * its code and segment, scaled so that the level on the listing day is the opening price; that
   * day's bar is rewritten to open exactly at `openPrice` with limits around the issue price (see
   * month()). No dividends; its own seed-derived splits, as any stock.
   */
  listNew(listing: NewListing): void {
    const code = listing.instrument.code;
    if (this.listed.has(code) || universeEntry(code)) return;
    const inst = listing.instrument;
    const segment = inst.segment ?? 'growth';
    const sim = { refPrice: listing.openPrice, vol: segment === 'growth' ? 0.032 : 0.018, dailyVolume: (inst.sharesOutstanding ?? 10_000_000) * 0.01, dividendYield: 0, drift: 0 };
    // Probe the path's level on the listing day at this reference, then rescale it onto the open.
    const probe = new Series(this.ctx, { instrument: inst, sim });
    const m = monthOf(listing.listingDate).index;
    const mb = monthBars(probe, m);
    const k = mb.bars.findIndex((b) => b.date === listing.listingDate);
    const level = k >= 0 ? mb.bars[k]!.close : listing.openPrice;
    const entry: UniverseEntry = { instrument: inst, sim: { ...sim, refPrice: (sim.refPrice * listing.openPrice) / level } };
    this.listed.set(code, { entry, listing });
    this.allInstruments = [...INSTRUMENTS, ...[...this.listed.values()].map((l) => l.entry.instrument)];
  }

  private entryOf(code: string): UniverseEntry | undefined {
    return universeEntry(code) ?? this.listed.get(code)?.entry;
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
    const data = this.day(inst, qd.date);
    // Only a new listing has horizon days without prices (before its listing date).
    if (!data) throw new OutsideHorizonError(`${code} has no prices on ${qd.date}`);
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
      const level = this.entryOf(code)!.sim.refPrice;
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
      s = new Series(this.ctx, this.entryOf(code)!);
      this.series.set(code, s);
    }
    return s;
  }

  private month(inst: Instrument, m: number): MonthBars {
    const listed = this.listed.get(inst.code);
    if (listed) return this.months.getOr(`${inst.code}|${m}`, () => listedMonth(monthBars(this.seriesOf(inst.code), m), this.seriesOf(inst.code), listed.listing));
    // The written universe's months (indices included: their members are fixed) are a pure function
    // of the options, so every simulator of the process shares them (a test server per test, the
    // investment trusts' first catch-up reading years of TOPIX: docs/decisions/026-investment-trusts.md).
    return SHARED_MONTHS.getOr(`${this.optionsKey}|${inst.code}|${m}`, () => {
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

/**
 * A new listing's month: no bars before the listing date; on it, the base for the limits is the
 * issue price and the day opens at the opening price (初値), the rest of the bar kept inside them.
 */
function listedMonth(mb: MonthBars, series: Series, l: NewListing): MonthBars {
  const out: MonthBars = { bars: [], bases: [], limits: [] };
  mb.bars.forEach((bar, k) => {
    if (bar.date < l.listingDate) return;
    if (bar.date > l.listingDate) {
      out.bars.push(bar);
      out.bases.push(mb.bases[k]!);
      out.limits.push(mb.limits[k] ?? null);
      return;
    }
    const lim = series.rules.limits(l.offerPrice);
    const inside = (p: number) => (lim ? Math.min(lim.upper, Math.max(lim.lower, p)) : p);
    const open = inside(l.openPrice);
    const close = inside(bar.close);
    out.bars.push({ ...bar, open, close, high: Math.max(open, close, inside(bar.high)), low: Math.min(open, close, inside(bar.low)) });
    out.bases.push(l.offerPrice);
    out.limits.push(lim);
  });
  return out;
}
