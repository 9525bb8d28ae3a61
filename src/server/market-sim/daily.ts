/**
 * Daily bars, one month at a time. The close follows the path but may not leave the day's price
 * limits (docs/tse-rules.md "Daily price limit"): a move beyond the limit stops there (ストップ高 /
 * ストップ安) and the rest arrives on the following days. The path caps ordinary moves below the
 * smallest limit and puts jumps at least 8 trading days before the month's end, so by the month's
 * last day the close is back on the path and the next month can start from the path alone.
 */
import { lastDayOfMonth } from './days';
import { rngFor, type Rng } from './prng';
import { clamp } from './rules';
import type { LimitPrices } from '../../shared/market';
import type { Series } from './series';
import type { DailyBar } from '../market/port';

export interface MonthBars {
  bars: DailyBar[];
  /** Base price of each day: the previous close, adjusted on a split's ex-date. */
  bases: number[];
  limits: Array<LimitPrices | null>;
}

export function monthBars(series: Series, m: number): MonthBars {
  const { path, rules, grid } = series;
  const mp = path.month(m);
  const bars: DailyBar[] = [];
  const bases: number[] = [];
  const limits: Array<LimitPrices | null> = [];
  if (mp.days.length === 0) return { bars, bases, limits };
  let prevClose = series.priceFor(path.monthEnd(m - 1), lastDayOfMonth(grid, m - 1));
  // One stream per (instrument, month): the month is always generated whole.
  const r = rngFor(series.ctx.seed, series.instrument.code, m, 'ohlc');
  for (let k = 0; k < mp.days.length; k++) {
    const date = mp.days[k]!;
    let base = prevClose;
    const split = series.splitOn(date);
    if (split) base = rules.round(base / split.ratio, 'nearest');
    const lim = rules.limits(base);
    const close = series.instrument.fixed ? base : clamp(series.priceFor(mp.logs[k]!, date), lim);
    bars.push(dayBar(series, r, date, base, close, lim));
    bases.push(base);
    limits.push(lim);
    prevClose = close;
  }
  return { bars, bases, limits };
}

function dayBar(series: Series, r: Rng, date: string, base: number, close: number, lim: LimitPrices | null): DailyBar {
  if (series.instrument.fixed) return { date, open: base, high: base, low: base, close: base, volume: 0 };
  const { rules, vol } = series;
  let open = base; // 24-hour markets open where they closed
  if (series.instrument.kind === 'stock') {
    const w = r.next() * 0.5; // part of the day's move made overnight
    const o = Math.exp(Math.log(base) + w * Math.log(close / base) + 0.25 * vol * r.normal());
    open = clamp(rules.round(o, 'nearest'), lim);
  }
  const hi = clamp(rules.round(Math.max(open, close) * Math.exp(0.5 * vol * Math.abs(r.normal())), 'up'), lim);
  const lo = clamp(rules.round(Math.min(open, close) * Math.exp(-0.5 * vol * Math.abs(r.normal())), 'down'), lim);
  const high = Math.max(hi, open, close);
  const low = Math.min(lo, open, close);

  // Volume: more on big moves, little when the price is locked at a limit all day.
  const locked = lim !== null && high === low && (close === lim.upper || close === lim.lower);
  const move = Math.abs(Math.log(close / base));
  const shares = (series.dailyVolume / series.splitFactor(date)) * Math.exp(0.35 * r.normal() - 0.06) * (1 + 6 * move) * (locked ? 0.1 : 1);
  const unit = series.volumeUnit;
  const volume = Math.max(10, Math.round(shares / unit)) * unit;
  return { date, open, high, low, close, volume };
}
