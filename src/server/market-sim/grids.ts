/**
 * Which day an instant belongs to, per market, and that day's minute grid. A quote asked for
 * before a market opens (or on a closed day) shows the last day that traded.
 */
import {
  continuousMinuteStarts,
  CRYPTO_MINUTES_PER_DAY,
  cryptoDayStart,
  FX_MINUTES_PER_DAY,
  fxDayOf,
  fxDayStart,
  isContinuousTrading,
  isFxDay,
  jstDate,
  addDays,
  prevTradingDay,
  sessionAt,
  sessionBounds,
  type IsoDate,
} from '../../shared/market';
import { cryptoMinuteWeights, fxMinuteWeights, tseMinuteWeights } from './volume';
import type { MinuteGrid } from './intraday';
import type { InstrumentKind, QuoteSession } from '../market/port';

const MINUTE = 60_000;
const WEIGHTS = { tse: tseMinuteWeights(), crypto: cryptoMinuteWeights(), fx: fxMinuteWeights() };

export interface QuoteDay {
  date: IsoDate;
  session: QuoteSession;
  /** A continuous order book exists at that instant. */
  continuous: boolean;
}

export function quoteDay(kind: InstrumentKind, at: number): QuoteDay {
  if (kind === 'crypto') return { date: jstDate(at), session: 'open', continuous: true };
  if (kind === 'fx') {
    const d = fxDayOf(at);
    if (d) return { date: d, session: 'open', continuous: true };
    let c = jstDate(at);
    while (!(isFxDay(c) && fxDayStart(c) + FX_MINUTES_PER_DAY * MINUTE <= at)) c = addDays(c, -1);
    return { date: c, session: 'closed', continuous: false };
  }
  const session = sessionAt(at);
  const d = jstDate(at);
  const date = session === 'closed' || session === 'pre_open' ? prevTradingDay(d) : d;
  return { date, session, continuous: isContinuousTrading(session) };
}

export function minuteGrid(kind: InstrumentKind, date: IsoDate): MinuteGrid {
  if (kind === 'crypto' || kind === 'fx') {
    const start = kind === 'crypto' ? cryptoDayStart(date) : fxDayStart(date);
    const n = kind === 'crypto' ? CRYPTO_MINUTES_PER_DAY : FX_MINUTES_PER_DAY;
    const starts = Array.from({ length: n }, (_, i) => start + i * MINUTE);
    return { starts, auctionAt: null, weights: WEIGHTS[kind] };
  }
  return { starts: continuousMinuteStarts(date), auctionAt: sessionBounds(date).close, weights: WEIGHTS.tse };
}
