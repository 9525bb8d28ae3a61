/**
 * A fund basket's closes from the market-data port (docs/domain.md "Investment trusts and 積立"):
 * each instrument sleeve's bars are read once for the whole range a strike (or a catch-up of many
 * days) needs, and nothing is kept past the call.
 * - A stock's or an index's close of business day D is its daily bar of D (the last bar on or
 *   before D when it has none that day); a split's ex-date between two strikes multiplies the later
 *   close by its ratio (bars are unadjusted: without it, a 1:3 split would read as a 67 % loss).
 * - An FX pair's close of D is the FX day that ended at 06:00 on D (the last bar dated before D):
 *   the rate known on D's morning, as Japanese funds value foreign assets at the day's TTM, never a
 *   rate from after the strike.
 */
import type { MarketDataSource } from '../../market';
import { addDays, dayNumber, type IsoDate } from '../../../shared/market';
import { basketReturn, type Sleeve } from '../../../shared/domain/trust';

/** How far before the range's first day bars are read (long holidays, the FX rate of the day before). */
const LOOKBACK_DAYS = 14;

interface Series {
  dates: IsoDate[];
  closes: number[];
  fx: boolean;
  /** Split ex-dates and ratios (stocks). */
  splits: { exDate: IsoDate; ratio: number }[];
}

export class BasketCloses {
  private readonly series = new Map<string, Series>();

  /** The bars of every instrument sleeve for strikes from `from` (the previous strike) to `to`. */
  constructor(
    market: MarketDataSource,
    private readonly sleeves: readonly Sleeve[],
    from: IsoDate,
    to: IsoDate,
  ) {
    for (const s of sleeves) {
      if (s.kind !== 'instrument' || this.series.has(s.code)) continue;
      const inst = market.instrument(s.code);
      if (!inst) throw new Error(`trust basket: unknown instrument ${s.code}`);
      const bars = market.dailyBars(s.code, addDays(from, -LOOKBACK_DAYS), to);
      // A split (1:2 and up) leaves the ex-date's raw close under 75 % of the day before even after
      // the widest daily limit-up (+50 % of an adjusted base of ¥100): only a close under 80 % of the
      // previous one makes the stock's list of actions worth reading (it spans the whole horizon,
      // dividends included, and costs more than the bars). A crash that deep reads it for nothing.
      const halved = inst.kind === 'stock' && bars.some((b, i) => i > 0 && b.close * 5 < bars[i - 1]!.close * 4);
      const splits = halved ? market.corporateActions(s.code).flatMap((a) => (a.kind === 'split' && a.exDate > from && a.exDate <= to ? [{ exDate: a.exDate, ratio: a.ratio }] : [])) : [];
      this.series.set(s.code, { dates: bars.map((b) => b.date), closes: bars.map((b) => b.close), fx: inst.kind === 'fx' || inst.kind === 'crypto', splits });
    }
  }

  /** The close of `code` on business day `day` (see the file comment); throws when there is none. */
  closeOn(code: string, day: IsoDate): number {
    const s = this.series.get(code);
    if (!s) throw new Error(`trust basket: ${code} not read`);
    // The last index with dates[i] ≤ day (stocks, indices) or < day (FX).
    let lo = 0;
    let hi = s.dates.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const d = s.dates[mid]!;
      if (d < day || (!s.fx && d === day)) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0) throw new Error(`trust basket: no close of ${code} for ${day}`);
    return s.closes[found]!;
  }

  /** The sleeve closes (previous, current) of the strike from `prev` to `cur`, splits in between adjusted. */
  closesBetween(prev: IsoDate, cur: IsoDate): Map<string, { prev: number; cur: number }> {
    const out = new Map<string, { prev: number; cur: number }>();
    for (const [code, s] of this.series) {
      let ratio = 1;
      for (const sp of s.splits) if (sp.exDate > prev && sp.exDate <= cur) ratio *= sp.ratio;
      out.set(code, { prev: this.closeOn(code, prev), cur: this.closeOn(code, cur) * ratio });
    }
    return out;
  }

  /** The gross return factor R of the strike from `prev` to `cur` (shared/domain/trust.ts basketReturn). */
  returnBetween(prev: IsoDate, cur: IsoDate, incomePpm: number): number {
    return basketReturn(this.sleeves, this.closesBetween(prev, cur), calendarDays(prev, cur), incomePpm);
  }
}

/** Calendar days from `prev` to `cur` (the accrual period of the fee, the bond sleeves and the income). */
export function calendarDays(prev: IsoDate, cur: IsoDate): number {
  return dayNumber(cur) - dayNumber(prev);
}
