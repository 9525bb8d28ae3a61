/**
 * A fund's model track record (docs/decisions/016-strategy-funds.md "Model track record"): the
 * fund's rule run over the simulated market's past, so funds can be compared before they have a
 * history of their own. Pure: no I/O, no clock. It is a model, said so wherever it is shown — not
 * the fund's results:
 *  - it starts at ¥10,000 per 10,000 units on the first trading day of `from` (the stated start);
 *  - each day the rule's targets are decided on the closes before that day (as the fund's own
 *    rebalance is) and held from that day's close, with the rule's cash buffer kept as cash;
 *  - holdings earn the day's close-to-close total return: split-adjusted, dividends added on the
 *    ex-date; cash earns nothing;
 *  - the management fee accrues per calendar day on the invested part only (rules.ts feeUnitsFor);
 *  - no lots, no trading fees, no taxes, no slippage: those only make the fund's own results lower.
 * Money is not computed here: the NAV is an index, rounded down to the yen per 10,000 units only
 * when reported.
 */
import { dayNumber, type IsoDate } from '../../../shared/market';
import { NAV_START, type StrategyRule } from '../../../shared/api/strategies';
import { targetWeights, type Params } from './rules';

/** One code's daily closes by trading day, and its corporate actions (split ratio, dividend in price units). */
export interface CodeHistory {
  closes: ReadonlyMap<IsoDate, number>;
  splits: ReadonlyMap<IsoDate, number>;
  dividends: ReadonlyMap<IsoDate, number>;
}

export interface TrackInput {
  rule: StrategyRule;
  params: Params;
  feeBp: number;
  bufferBp: number;
  /** Trading days, oldest first, including the look-back before `from`. */
  days: readonly IsoDate[];
  history: ReadonlyMap<string, CodeHistory>;
  from: IsoDate;
}

export interface TrackPoint {
  date: IsoDate;
  nav: number;
}

/** The rules look back at most this many closes (closesBefore reads 60 calendar days). */
const LOOKBACK = 45;

/** Total return factor of `code` from `prev` to `day`: split-adjusted, with a dividend going ex on `day`. */
export function dayFactor(h: CodeHistory | undefined, prev: IsoDate, day: IsoDate): number {
  const a = h?.closes.get(prev);
  const b = h?.closes.get(day);
  if (!a || !b) return 1;
  const split = h!.splits.get(day) ?? 1;
  return ((b + (h!.dividends.get(day) ?? 0)) * split) / a;
}

/** The closes before day index `i` of every code the rule reads, the last LOOKBACK of them. */
function closesBefore(input: TrackInput, i: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  const window = input.days.slice(Math.max(0, i - LOOKBACK), i);
  for (const [code, h] of input.history) {
    out.set(code, window.map((d) => h.closes.get(d)).filter((c): c is number => c !== undefined));
  }
  return out;
}

/** Weights as fractions of the model's value, the cash buffer left out; null keeps what is held. */
function targetsOn(input: TrackInput, i: number, invested: boolean): Map<string, number> | null {
  const w = targetWeights({ rule: input.rule, params: input.params, closes: closesBefore(input, i), invested });
  if (w === null) return null;
  const keep = 1 - Math.min(Math.max(input.bufferBp, 0), 9_999) / 10_000;
  const out = new Map<string, number>();
  for (const [code, bp] of w) if (bp > 0 && input.history.get(code)?.closes.has(input.days[i]!)) out.set(code, (bp / 10_000) * keep);
  return out;
}

/** The model's NAV each trading day from `from` (the first point is ¥10,000). */
export function modelTrack(input: TrackInput): TrackPoint[] {
  const start = input.days.findIndex((d) => d >= input.from);
  if (start < 0) return [];
  let nav: number = NAV_START;
  let weights = new Map<string, number>();
  const points: TrackPoint[] = [];
  for (let i = start; i < input.days.length; i++) {
    const day = input.days[i]!;
    if (i > start) {
      const prev = input.days[i - 1]!;
      let grown = 1 - sum(weights);
      const drifted = new Map<string, number>();
      for (const [code, w] of weights) {
        const v = w * dayFactor(input.history.get(code), prev, day);
        drifted.set(code, v);
        grown += v;
      }
      const invested = sum(drifted) / grown;
      const days = dayNumber(day) - dayNumber(prev);
      nav = nav * grown * (1 - (invested * input.feeBp * days) / (10_000 * 365));
      weights = new Map([...drifted].map(([c, v]) => [c, v / grown]));
    }
    points.push({ date: day, nav: Math.floor(nav) });
    weights = targetsOn(input, i, weights.size > 0) ?? weights;
  }
  return points;
}

const sum = (m: ReadonlyMap<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);

/** Return in basis points from the point on or before `since` to the last point; null without one. */
export function trackReturnBp(points: readonly TrackPoint[], since: IsoDate): number | null {
  const last = points.at(-1);
  let base: TrackPoint | undefined;
  for (const p of points) if (p.date <= since) base = p;
  if (!last || !base || base.nav <= 0 || base === last) return null;
  return Math.round(((last.nav - base.nav) * 10_000) / base.nav);
}
