/**
 * Model track records of the funds (track.ts), read from the market-data port and kept per fund for
 * the day: the past does not change within a day, and the list and the fund screen ask for it on
 * every read. Deterministic, so each instance of a scale-out computes the same figures.
 */
import type { MarketDataSource } from '../../market';
import { addDays, prevTradingDay, type IsoDate } from '../../../shared/market';
import type { StrategyRule, StrategySummary } from '../../../shared/api/strategies';
import type { FundRow } from './fund-repo';
import { cashBufferBp, ruleCodes, type Params } from './rules';
import { modelTrack, trackReturnBp, type CodeHistory, type TrackPoint } from './track';

/** The stated start of every model record: three years before the fund's own start (ADR 016). */
export const MODEL_YEARS = 3;
/** Calendar days read before the start, so the rules' look-back has closes on the first day. */
const WARM_UP_DAYS = 90;
/** A fund with fewer NAV strikes than this is new: its own results say little yet. */
export const NEW_FUND_STRIKES = 20;

export interface ModelTrack {
  from: IsoDate;
  to: IsoDate;
  points: TrackPoint[];
}

export function modelFrom(startedOn: IsoDate): IsoDate {
  const [y, md] = [Number(startedOn.slice(0, 4)), startedOn.slice(4)];
  return md === '-02-29' ? `${y - MODEL_YEARS}-03-01` : `${y - MODEL_YEARS}${md}`;
}

/** One code's closes and corporate actions over [from, to]; empty when the source has none. */
function historyOf(market: MarketDataSource, code: string, from: IsoDate, to: IsoDate): CodeHistory {
  const closes = new Map<IsoDate, number>();
  const splits = new Map<IsoDate, number>();
  const dividends = new Map<IsoDate, number>();
  try {
    for (const b of market.dailyBars(code, from, to)) closes.set(b.date, b.close);
    for (const a of market.corporateActions(code)) {
      if (a.exDate < from || a.exDate > to) continue;
      if (a.kind === 'split') splits.set(a.exDate, a.ratio);
      else dividends.set(a.exDate, a.amount);
    }
  } catch {
    // unknown code or outside the source's horizon: the model holds none of it
  }
  return { closes, splits, dividends };
}

/** Let other requests run between the slices of a computation (a code's bars, its actions). */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

export class ModelTracks {
  private day: IsoDate | null = null;
  private readonly today = new Map<string, Promise<ModelTrack>>();
  /** The last finished record per fund, answered while the new day's is computed. */
  private readonly last = new Map<string, ModelTrack>();

  constructor(private readonly market: MarketDataSource) {}

  /**
   * The fund's model record from its stated start to the last close before `today`. The first
   * computation of a fund reads about three years of bars (≈ 0.2 s a code on the simulator), in
   * slices that let other requests run; after that a day's record is kept, and on a new day the
   * last one is answered until the new one is ready.
   */
  async of(f: FundRow, today: IsoDate): Promise<ModelTrack> {
    if (this.day !== today) {
      this.today.clear();
      this.day = today;
    }
    const key = `${f.id}|${f.fee_bp}|${f.params_json}`;
    let next = this.today.get(key);
    if (!next) {
      next = this.compute(f, today).then((t) => {
        this.last.set(key, t);
        return t;
      });
      next.catch(() => this.today.delete(key));
      this.today.set(key, next);
    }
    return this.last.get(key) ?? next;
  }

  private async compute(f: FundRow, today: IsoDate): Promise<ModelTrack> {
    const params = JSON.parse(f.params_json) as Params;
    const from = modelFrom(f.started_on);
    const to = prevTradingDay(today);
    const history = new Map<string, CodeHistory>();
    for (const code of ruleCodes(params)) {
      await yieldToOthers();
      history.set(code, historyOf(this.market, code, addDays(from, -WARM_UP_DAYS), to));
    }
    const days = [...new Set([...history.values()].flatMap((h) => [...h.closes.keys()]))].sort();
    const points = modelTrack({ rule: f.rule as StrategyRule, params, feeBp: f.fee_bp, bufferBp: cashBufferBp(params), days, history, from });
    return { from: points[0]?.date ?? from, to: points.at(-1)?.date ?? to, points };
  }

  /** The figures the list and the fund screen show beside the fund's own results. */
  async summaryOf(f: FundRow, today: IsoDate, strikes: number): Promise<Pick<StrategySummary, 'modelTrack' | 'isNew'>> {
    const t = await this.of(f, today);
    return {
      modelTrack: { from: t.from, to: t.to, returnBp1y: trackReturnBp(t.points, addDays(t.to, -365)), returnBpSinceFrom: trackReturnBp(t.points, t.from) },
      isNew: strikes < NEW_FUND_STRIKES,
    };
  }
}
