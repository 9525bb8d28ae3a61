/**
 * Splits and dividends over the simulator's horizon. Dividends are paid twice a year (record
 * dates at the end of March and September, as most Japanese companies with March year-ends do);
 * the amount is half the annual yield on the last close before the ex-date, in whole yen, and the
 * price path drops by the same proportion on the ex-date.
 */
import { monthOf, type IsoDate } from '../../shared/market';
import type { MonthBars } from './daily';
import type { Series } from './series';
import type { CorporateAction } from '../market/port';

export function corporateActionsOf(
  series: Series,
  window: { historyStart: IsoDate; horizonEnd: IsoDate },
  monthOfBars: (m: number) => MonthBars,
): CorporateAction[] {
  const code = series.instrument.code;
  const inWindow = (d: IsoDate) => d >= window.historyStart && d <= window.horizonEnd;
  const out: CorporateAction[] = series.splits
    .filter((s) => inWindow(s.exDate))
    .map((s) => ({ code, kind: 'split' as const, exDate: s.exDate, ratio: s.ratio }));

  if (series.dividendYield > 0) {
    const scale = series.instrument.priceScale;
    const first = monthOf(window.historyStart).index;
    const last = monthOf(window.horizonEnd).index;
    for (let m = first; m <= last; m++) {
      const mp = series.path.month(m);
      const k = mp.exDividendIndex;
      if (k < 0 || !inWindow(mp.days[k]!)) continue;
      const bars = monthOfBars(m).bars;
      const prevClose = k > 0 ? bars[k - 1]!.close : monthOfBars(m - 1).bars.at(-1)!.close;
      const yen = Math.max(1, Math.floor((prevClose / scale) * (series.dividendYield / 2)));
      out.push({ code, kind: 'dividend', exDate: mp.days[k]!, amount: yen * scale, prevClose });
    }
  }
  return out.sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
}
