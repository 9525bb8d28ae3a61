import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyLiveQuote, liveStart, type LiveQuoteLike } from '../../src/app/components/chart/live-bar';
import { QuoteStream, type EventSourceLike, type Scheduler } from '../../src/app/api/quotes/stream';
import { applyDepth } from '../../src/app/api/quotes/patch';
import { marketKeys } from '../../src/app/api/quotes/keys';
import { TRADES_LIVE } from '../../src/shared/api/market';
import { jstMs } from '../../src/shared/market';
import type { Bar } from '../../src/shared/chart';

/** The current candle follows live quotes (components/chart/live-bar.ts); depth events reach the cache. */

const D = '2026-11-24';
const T0 = jstMs(D, 10, 0);
const q = (at: number, price: number, volume: number, extra: Partial<LiveQuoteLike> = {}): LiveQuoteLike => ({
  at, session: 'morning', tradingDate: D, price, high: null, low: null, volume, ...extra,
});

describe('live candle', () => {
  const minuteBars: Bar[] = [
    { t: jstMs(D, 9, 58), o: 100, h: 102, l: 99, c: 101, v: 500 },
    { t: jstMs(D, 9, 59), o: 101, h: 101, l: 100, c: 100, v: 300 },
    { t: T0, o: 100, h: 100, l: 100, c: 100, v: 200 },
  ];

  it('updates the 1-minute candle in progress: high, low, close and the volume since the fetch', () => {
    const s0 = liveStart(minuteBars, 'timeshare', D, T0 + 1_000, null);
    expect(s0.dayVolume).toBe(1_000);
    const s1 = applyLiveQuote(s0, 'timeshare', q(T0 + 15_000, 103, 1_400));
    expect(s1.bars.at(-1)).toEqual({ t: T0, o: 100, h: 103, l: 100, c: 103, v: 600 });
    const s2 = applyLiveQuote(s1, 'timeshare', q(T0 + 30_000, 98, 1_500));
    expect(s2.bars.at(-1)).toEqual({ t: T0, o: 100, h: 103, l: 98, c: 98, v: 700 });
    expect(s2.bars.slice(0, 2)).toEqual(minuteBars.slice(0, 2)); // earlier candles untouched
    expect(minuteBars[2]).toEqual({ t: T0, o: 100, h: 100, l: 100, c: 100, v: 200 }); // input not mutated
  });

  it('opens the next candle when the quote moves into a new bucket (5-minute too)', () => {
    const s0 = liveStart(minuteBars, 'timeshare', D, T0 + 1_000, null);
    const s1 = applyLiveQuote(s0, 'timeshare', q(T0 + 60_000, 104, 1_100));
    expect(s1.bars).toHaveLength(4);
    expect(s1.bars.at(-1)).toEqual({ t: T0 + 60_000, o: 100, h: 104, l: 100, c: 104, v: 100 });
    const five: Bar[] = [{ t: jstMs(D, 9, 55), o: 100, h: 102, l: 99, c: 100, v: 1_000 }];
    const f0 = liveStart(five, 'min5', D, jstMs(D, 9, 59, 30), null);
    const f1 = applyLiveQuote(f0, 'min5', q(jstMs(D, 9, 59, 45), 97, 1_050));
    expect(f1.bars).toEqual([{ ...five[0], l: 97, c: 97, v: 1_050 }]);
    const f2 = applyLiveQuote(f1, 'min5', q(jstMs(D, 10, 0, 15), 98, 1_080));
    expect(f2.bars.at(-1)).toEqual({ t: jstMs(D, 10, 0), o: 97, h: 98, l: 97, c: 98, v: 30 });
  });

  it('updates the daily candle and the week / month candle that holds today, with the server\'s day volume', () => {
    const day: Bar[] = [
      { t: jstMs('2026-11-23', 0), o: 90, h: 95, l: 88, c: 94, v: 10_000 },
      { t: jstMs(D, 0), o: 95, h: 99, l: 94, c: 98, v: 4_000 },
    ];
    const d1 = applyLiveQuote(liveStart(day, 'day', D, T0, 4_000), 'day', q(T0 + 15_000, 101, 4_600, { high: 101, low: 94 }));
    expect(d1.bars.at(-1)).toEqual({ t: jstMs(D, 0), o: 95, h: 101, l: 94, c: 101, v: 4_600 });
    const week: Bar[] = [{ t: jstMs('2026-11-23', 0), o: 90, h: 99, l: 88, c: 98, v: 14_000 }]; // Monday's week
    const w1 = applyLiveQuote(liveStart(week, 'week', D, T0, 4_000), 'week', q(T0 + 15_000, 87, 4_600, { high: 99, low: 87 }));
    expect(w1.bars).toEqual([{ t: jstMs('2026-11-23', 0), o: 90, h: 99, l: 87, c: 87, v: 14_600 }]);
    const month: Bar[] = [{ t: jstMs('2026-11-01', 0), o: 80, h: 99, l: 78, c: 98, v: 90_000 }];
    const m1 = applyLiveQuote(liveStart(month, 'month', D, T0, 4_000), 'month', q(T0 + 15_000, 100, 5_000));
    expect(m1.bars[0]).toMatchObject({ h: 100, c: 100, v: 91_000 });
    // Without the server's day volume: the daily candle's own volume, and longer candles keep theirs.
    const d2 = applyLiveQuote(liveStart(day, 'day', D, T0, undefined), 'day', q(T0 + 15_000, 101, 4_600));
    expect(d2.bars.at(-1)!.v).toBe(4_600);
    const m2 = applyLiveQuote(liveStart(month, 'month', D, T0, undefined), 'month', q(T0 + 15_000, 100, 5_000));
    expect(m2.bars[0]).toMatchObject({ c: 100, v: 90_000 });
  });

  it('ignores old quotes, another trading day, lunch for intraday, and a day whose candle is not there yet', () => {
    const s0 = liveStart(minuteBars, 'timeshare', D, T0 + 20_000, null);
    expect(applyLiveQuote(s0, 'timeshare', q(T0 + 15_000, 120, 9_999))).toBe(s0);
    expect(applyLiveQuote(s0, 'timeshare', q(T0 + 60_000, 120, 9_999, { tradingDate: '2026-11-25' }))).toBe(s0);
    expect(applyLiveQuote(s0, 'timeshare', q(jstMs(D, 12, 0), 120, 9_999, { session: 'lunch' }))).toBe(s0);
    const yesterday: Bar[] = [{ t: jstMs('2026-11-20', 0), o: 1, h: 1, l: 1, c: 1, v: 1 }];
    const y0 = liveStart(yesterday, 'day', D, T0, 0);
    expect(applyLiveQuote(y0, 'day', q(T0 + 15_000, 2, 100))).toBe(y0);
    // Volume never goes backwards.
    const s1 = applyLiveQuote(liveStart(minuteBars, 'timeshare', D, T0, null), 'timeshare', q(T0 + 15_000, 100, 900));
    expect(s1.bars.at(-1)!.v).toBe(200);
  });
});

describe('depth over the quote stream (client)', () => {
  class FakeSource implements EventSourceLike {
    readyState = 1;
    onerror: ((e: Event) => void) | null = null;
    listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
    constructor(readonly url: string) {}
    addEventListener(type: string, l: (e: MessageEvent<string>) => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
    }
    close() {
      this.readyState = 2;
    }
    emit(type: string, data: unknown) {
      for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) } as MessageEvent<string>);
    }
  }
  const now: Scheduler = { requestFrame: (cb) => cb(), setTimeout: (cb) => (cb(), 0), clearTimeout: () => {} };

  it('asks for depth on the same connection and writes each depth event into the book and trades cache', () => {
    const sources: FakeSource[] = [];
    const client = new QueryClient();
    const stream = new QuoteStream({
      url: (codes, depth) => `/s?codes=${codes.join(',')}${depth.length ? `&depth=${depth.join(',')}` : ''}`,
      onQuotes: () => {},
      onDepth: (d) => applyDepth(client, d),
      createSource: (url) => {
        const s = new FakeSource(url);
        sources.push(s);
        return s;
      },
      scheduler: now,
      isOnline: () => true,
    });
    const quotes = stream.subscribe(['6758']);
    const depth = stream.subscribeDepth('7203');
    expect(sources.at(-1)!.url).toBe('/s?codes=6758,7203&depth=7203');
    const book = { code: '7203', at: 2, asks: [], bids: [] };
    const trades = { code: '7203', at: 2, items: [] };
    sources.at(-1)!.emit('depth', { book, trades });
    expect(client.getQueryData(marketKeys.book('7203'))).toEqual(book);
    expect(client.getQueryData(marketKeys.trades('7203', TRADES_LIVE))).toEqual(trades);
    // An older event does not overwrite a fresher fetch.
    sources.at(-1)!.emit('depth', { book: { ...book, at: 1 }, trades: { ...trades, at: 1 } });
    expect(client.getQueryData(marketKeys.book('7203'))).toEqual(book);
    sources.at(-1)!.emit('depth', 'garbage');
    depth();
    expect(sources.at(-1)!.url).toBe('/s?codes=6758');
    quotes();
  });
});
