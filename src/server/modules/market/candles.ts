import { addDays, jstMs, type IsoDate } from '../../../shared/market';
import {
  adjustBars,
  aggregateCalendar,
  aggregateMinutes,
  timeShare,
  TSE_SESSION_CLOSES,
  type AdjustMode,
  type Bar,
  type CorporateAction as ChartAction,
} from '../../../shared/chart';
import type { CandlePeriod, CandlesData } from '../../../shared/api/market';
import type { Instrument, MinuteBar, Quote } from '../../market';
import type { MarketService } from './service';

/*
 * Candles for the chart (docs/architecture.md "The contract"): built from the simulator's 1-minute and daily bars, never
 * past the market clock. The simulator knows whole days in advance, so today's minute bars are cut
 * at now (the minute in progress shows only what the quote has seen of it) and today's daily bar
 * is rebuilt from the quote. Adjustment runs on the base bars before aggregation (see
 * shared/chart/aggregate.ts), using only the actions that went ex by now.
 */

const MINUTE = 60_000;
const STEP = 15_000; // the quote's checkpoints inside a minute (market-sim/quote.ts)

/** How many days of 1-minute bars each intraday period looks at. */
const INTRADAY_DAYS: Partial<Record<CandlePeriod, number>> = { time: 1, '1m': 5, '5m': 20, '15m': 20, '30m': 20 };
/** Calendar years of daily bars per period (the simulator's history starts in 2019 and clamps). */
const DAILY_YEARS: Partial<Record<CandlePeriod, number>> = { day: 5, week: 10, month: 30, '6month': 30, year: 30 };
const CALENDAR = { week: 'week', month: 'month', '6month': 'halfyear', year: 'year' } as const;

function toBar(m: MinuteBar): Bar {
  return { t: m.t, o: m.open, h: m.high, l: m.low, c: m.close, v: m.volume, turnover: m.turnover };
}

/** The day's bars up to `now`, the last one as the quote saw it (volume and turnover reconcile with the quote). */
export function cutAt(day: readonly MinuteBar[], now: number, q: Quote): Bar[] {
  const out: Bar[] = [];
  let volume = 0;
  let turnover = 0;
  for (const m of day) {
    if (m.t > now) break;
    if (m.auction === true || now >= m.t + MINUTE || m.volume === 0) {
      out.push(toBar(m));
      volume += m.volume;
      turnover += m.turnover;
      continue;
    }
    const points = m.close >= m.open ? [m.open, m.low, m.high, m.close] : [m.open, m.high, m.low, m.close];
    const seen = points.slice(0, Math.min(3, Math.floor((now - m.t) / STEP)) + 1);
    out.push({
      t: m.t,
      o: m.open,
      h: Math.max(...seen),
      l: Math.min(...seen),
      c: seen[seen.length - 1]!,
      v: Math.max(0, q.volume - volume),
      turnover: Math.max(0, q.turnover - turnover),
    });
  }
  return out;
}

/** The last `n` days with minute bars up to the quote's trading day (today cut at now). */
function recentMinutes(market: MarketService, inst: Instrument, q: Quote, now: number, n: number): Bar[] {
  const days: Bar[][] = [];
  let d: IsoDate = q.tradingDate;
  // Weekends, holidays and the year-end closure have no bars; give up after a generous walk back.
  for (let guard = 0; days.length < n && guard < n * 3 + 15; guard++, d = addDays(d, -1)) {
    const bars = market.source.minuteBars(inst.code, d);
    if (bars.length === 0) continue;
    days.unshift(d === q.tradingDate ? cutAt(bars, now, q) : bars.map(toBar));
  }
  return days.flat();
}

/** Daily bars for the last `years`, today's taken from the quote (the simulator's would be the future). */
function recentDaily(market: MarketService, inst: Instrument, q: Quote, years: number): Bar[] {
  const from = addDays(q.tradingDate, -Math.round(years * 365.25));
  const bars: Bar[] = market.source
    .dailyBars(inst.code, from, q.tradingDate)
    .filter((b) => b.date < q.tradingDate)
    .map((b) => ({ t: jstMs(b.date, 0), o: b.open, h: b.high, l: b.low, c: b.close, v: b.volume }));
  if (q.open !== null && q.high !== null && q.low !== null) {
    bars.push({ t: jstMs(q.tradingDate, 0), o: q.open, h: q.high, l: q.low, c: q.price, v: q.volume });
  }
  return bars;
}

export function candles(market: MarketService, code: string, period: CandlePeriod, adjust: AdjustMode): CandlesData {
  const inst = market.instrument(code);
  const now = market.now();
  const q = market.quote(inst.code, now);
  const past = market.actions(inst.code, q.tradingDate);
  const actions: ChartAction[] = past.map((a) =>
    a.kind === 'split'
      ? { t: jstMs(a.exDate, 0), kind: 'split', ratio: { from: 1, to: a.ratio } }
      : { t: jstMs(a.exDate, 0), kind: 'dividend', amount: a.amount },
  );
  const base = {
    code: inst.code, period, adjust, priceScale: inst.priceScale, qtyScale: inst.qtyScale, tradingDate: q.tradingDate, at: now,
    actions: past.map((a) => (a.kind === 'split' ? { exDate: a.exDate, kind: a.kind, ratio: a.ratio } : { exDate: a.exDate, kind: a.kind, amount: a.amount })),
    dayVolume: q.volume,
    simulated: true as const,
  };

  const days = INTRADAY_DAYS[period];
  if (days !== undefined) {
    const minutes = recentMinutes(market, inst, q, now, days);
    if (period === 'time') {
      // One day: no ex-date falls inside it, so there is nothing to adjust.
      const ts = timeShare(minutes, { priceScale: inst.priceScale });
      return { ...base, prevClose: q.prevClose, bars: minutes, avg: ts.avg };
    }
    const adjusted = adjustBars(minutes, actions, adjust);
    const size = period === '5m' ? 5 : period === '15m' ? 15 : period === '30m' ? 30 : 1;
    // Only TSE instruments have a closing print to fold into the last bucket; 24-hour markets none.
    const closes = inst.kind === 'stock' || inst.kind === 'index' ? TSE_SESSION_CLOSES : [];
    const bars = size === 1 ? adjusted.slice() : aggregateMinutes(adjusted, size, { sessionCloses: closes });
    return { ...base, prevClose: null, bars, avg: null };
  }

  const daily = adjustBars(recentDaily(market, inst, q, DAILY_YEARS[period] ?? 5), actions, adjust);
  const bars = period === 'day' ? daily.slice() : aggregateCalendar(daily, CALENDAR[period as keyof typeof CALENDAR]);
  return { ...base, prevClose: null, bars, avg: null };
}
