/**
 * Indices computed from their members' simulated prices (docs/tse-rules.md "Indices"):
 * - Nikkei 225: price-weighted, Σ price ÷ divisor. Every member's price adjustment factor is 1
 *   here (the real factors are not reproduced); the divisor is fitted so the index stands at its
 *   real level (≈ 50,339) on the anchor date, and splits are absorbed as Nikkei does, by using
 *   split-adjusted prices so the index does not jump.
 * - TOPIX and TSE Growth 250: market-cap weighted over the universe's Prime / Growth stocks
 *   (shares outstanding, no free-float factor), scaled so the anchor-date level is the real one.
 * Open and close are exact. Members do not all peak at the same minute, so a daily high/low is
 * estimated as half the members' weighted excursions beyond open/close; the minute bars (built
 * from members' minutes) carry the exact intraday path.
 */
import type { Series } from './series';
import type { DailyBar, MinuteBar } from '../market/port';

export interface IndexModel {
  code: string;
  members: readonly Series[];
  /** Index units per (member price in anchor share basis). */
  weights: readonly number[];
}

export function fitIndex(code: string, members: readonly Series[], method: 'price' | 'cap', level: number): IndexModel {
  const raw = members.map((s) => (method === 'price' ? 1 : s.instrument.sharesOutstanding ?? 0));
  let sum = 0;
  members.forEach((s, i) => {
    const anchorClose = s.priceFor(s.path.monthEnd(s.ctx.anchorMonth), s.ctx.anchorDate);
    sum += raw[i]! * anchorClose;
  });
  const k = level / sum;
  return { code, members, weights: raw.map((w) => w * k) };
}

/** Per-member multipliers on `date`: weight ÷ split factor (raw price → anchor basis). */
export function factorsOn(model: IndexModel, date: string): number[] {
  return model.members.map((s, i) => model.weights[i]! / s.splitFactor(date));
}

export function combineDaily(date: string, bars: readonly DailyBar[], f: readonly number[]): DailyBar {
  let open = 0, close = 0, up = 0, down = 0, volume = 0;
  bars.forEach((b, i) => {
    const w = f[i]!;
    open += w * b.open;
    close += w * b.close;
    up += w * (b.high - Math.max(b.open, b.close));
    down += w * (Math.min(b.open, b.close) - b.low);
    volume += b.volume;
  });
  const o = Math.round(open);
  const c = Math.round(close);
  return {
    date,
    open: o,
    close: c,
    high: Math.round(Math.max(open, close) + 0.5 * up),
    low: Math.round(Math.min(open, close) - 0.5 * down),
    volume,
  };
}

/** Members' minute bars share one grid (the TSE's), so they combine minute by minute. */
export function combineMinutes(minutes: ReadonlyArray<readonly MinuteBar[]>, f: readonly number[]): MinuteBar[] {
  const first = minutes[0];
  if (!first) return [];
  return first.map((bar, j) => {
    let open = 0, close = 0, volume = 0, turnover = 0;
    minutes.forEach((m, i) => {
      const b = m[j]!;
      open += f[i]! * b.open;
      close += f[i]! * b.close;
      volume += b.volume;
      turnover += b.turnover;
    });
    const o = Math.round(open);
    const c = Math.round(close);
    const out: MinuteBar = { t: bar.t, open: o, high: Math.max(o, c), low: Math.min(o, c), close: c, volume, turnover };
    if (bar.auction) out.auction = true;
    return out;
  });
}
