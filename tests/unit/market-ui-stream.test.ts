import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  EVENT_SOURCE_CLOSED,
  FrameCoalescer,
  QuoteStream,
  STREAM_CODE_LIMIT,
  parseQuoteEvent,
  type EventSourceLike,
  type Scheduler,
} from '../../src/app/api/quotes/stream';
import { applyQuotes, patchRow, patchRows, type StreamQuote } from '../../src/app/api/quotes/patch';
import { marketKeys, watchlistKeys } from '../../src/app/api/quotes/keys';

/** A frame clock and timers driven by hand. */
function fakeScheduler() {
  let frames: (() => void)[] = [];
  let timers: { id: number; at: number; cb: () => void }[] = [];
  let now = 0;
  let seq = 0;
  const s: Scheduler & { frame(): number; advance(ms: number): void; pendingFrames(): number } = {
    requestFrame: (cb) => frames.push(cb),
    setTimeout: (cb, ms) => {
      const id = ++seq;
      timers.push({ id, at: now + ms, cb });
      return id;
    },
    clearTimeout: (h) => {
      timers = timers.filter((t) => t.id !== h);
    },
    frame: () => {
      const run = frames;
      frames = [];
      for (const f of run) f();
      return run.length;
    },
    advance: (ms) => {
      now += ms;
      for (;;) {
        const due = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        due.cb();
      }
    },
    pendingFrames: () => frames.length,
  };
  return s;
}

class FakeSource implements EventSourceLike {
  static all: FakeSource[] = [];
  readyState = 0;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, l: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), l]);
  }
  close() {
    this.closed = true;
    this.readyState = EVENT_SOURCE_CLOSED;
  }
  emit(type: string, data: unknown) {
    for (const l of this.listeners.get(type) ?? []) l({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  fail(readyState: number) {
    this.readyState = readyState;
    this.onerror?.(new Event('error'));
  }
}

function quote(code: string, price: number, at: number, extra: Partial<StreamQuote> = {}): StreamQuote {
  return {
    code,
    at,
    session: 'morning',
    price,
    prevClose: 1000,
    open: 1000,
    high: Math.max(1000, price),
    low: Math.min(1000, price),
    change: price - 1000,
    changeBp: Math.round(((price - 1000) * 10000) / 1000),
    volume: 100,
    turnover: price * 10,
    marketValue: null,
    limits: { upper: 1300, lower: 700 },
    limitState: null,
    bid: price - 1,
    ask: price + 1,
    priceScale: 10,
    tradingDate: '2026-01-05',
    ...extra,
  };
}

function row(code: string, price: number, at: number) {
  const q = quote(code, price, at);
  return {
    code,
    kind: 'stock',
    board: 'listed',
    nameJa: code,
    nameEn: code,
    priceScale: 10,
    qtyScale: 1,
    quoteUnit: 1,
    price,
    prevClose: q.prevClose,
    change: q.change,
    changeBp: q.changeBp,
    volume: q.volume,
    turnover: q.turnover,
    limitState: null,
    session: q.session,
    at,
    simulated: true as const,
  };
}

describe('frame coalescing', () => {
  it('keeps the latest value per key and flushes once per frame', () => {
    const sched = fakeScheduler();
    const batches: Map<string, number>[] = [];
    const c = new FrameCoalescer<number>((b) => batches.push(b), sched);
    for (let i = 0; i < 50; i++) c.push(`K${i % 5}`, i);
    expect(sched.pendingFrames()).toBe(1); // one frame requested for 50 pushes
    expect(batches).toHaveLength(0);
    sched.frame();
    expect(batches).toHaveLength(1);
    expect([...batches[0]!.entries()]).toEqual([
      ['K0', 45],
      ['K1', 46],
      ['K2', 47],
      ['K3', 48],
      ['K4', 49],
    ]);
    sched.frame();
    expect(batches).toHaveLength(1); // nothing new, no empty batch
    c.push('K0', 99);
    sched.frame();
    expect([...batches[1]!.entries()]).toEqual([['K0', 99]]);
  });

  it('holds one value per key while no frame comes (hidden page)', () => {
    const sched = fakeScheduler();
    const c = new FrameCoalescer<number>(() => {}, sched);
    for (let i = 0; i < 10_000; i++) c.push(`K${i % 3}`, i);
    expect(c.size).toBe(3);
  });
});

describe('stream events', () => {
  it('accepts well-formed quotes and rejects anything else', () => {
    expect(parseQuoteEvent(JSON.stringify(quote('7203', 1010, 5)))?.code).toBe('7203');
    expect(parseQuoteEvent('not json')).toBeNull();
    expect(parseQuoteEvent('null')).toBeNull();
    expect(parseQuoteEvent(JSON.stringify({ code: '7203', price: 'x' }))).toBeNull();
    expect(parseQuoteEvent(JSON.stringify({ ...quote('7203', 1, 1), at: Number.NaN }))).toBeNull();
  });
});

describe('QuoteStream', () => {
  function setup(online = { value: true }) {
    FakeSource.all = [];
    const sched = fakeScheduler();
    const batches: Map<string, StreamQuote>[] = [];
    const stream = new QuoteStream({
      url: (codes) => `/stream?codes=${codes.join(',')}`,
      onQuotes: (b) => batches.push(b),
      createSource: (url) => new FakeSource(url),
      scheduler: sched,
      isOnline: () => online.value,
      debounceMs: 250,
    });
    return { sched, batches, stream, online };
  }

  it('opens one connection for the union of subscriptions, debounced', () => {
    const { sched, stream } = setup();
    const a = stream.subscribe(['7203', '6758']);
    stream.subscribe(['6758', '9984']);
    expect(FakeSource.all).toHaveLength(0);
    sched.advance(250);
    expect(FakeSource.all).toHaveLength(1);
    expect(FakeSource.all[0]!.url).toBe('/stream?codes=7203,6758,9984');
    // 6758 is still wanted by the second subscriber.
    a();
    sched.advance(250);
    expect(FakeSource.all).toHaveLength(2);
    expect(FakeSource.all[0]!.closed).toBe(true);
    expect(FakeSource.all[1]!.url).toBe('/stream?codes=6758,9984');
    a(); // a second call does nothing
    sched.advance(250);
    expect(FakeSource.all).toHaveLength(2);
  });

  it('does not reconnect when the set of codes did not change', () => {
    const { sched, stream } = setup();
    const a = stream.subscribe(['7203']);
    sched.advance(250);
    const b = stream.subscribe(['7203']);
    b();
    sched.advance(250);
    expect(FakeSource.all).toHaveLength(1);
    a();
    sched.advance(250);
    expect(FakeSource.all[0]!.closed).toBe(true);
    expect(stream.connected).toBe(false);
  });

  it('caps the codes of one connection', () => {
    const { sched, stream } = setup();
    stream.subscribe(Array.from({ length: STREAM_CODE_LIMIT + 20 }, (_, i) => `C${i}`));
    sched.advance(250);
    expect(new URL(FakeSource.all[0]!.url, 'http://x').searchParams.get('codes')!.split(',')).toHaveLength(STREAM_CODE_LIMIT);
  });

  it('coalesces 50 updates into one batch per frame, latest per code', () => {
    const { sched, stream, batches } = setup();
    stream.subscribe(['A', 'B']);
    sched.advance(250);
    const src = FakeSource.all[0]!;
    for (let i = 0; i < 50; i++) src.emit('quote', quote(i % 2 ? 'B' : 'A', 1000 + i, i));
    src.emit('quote', { garbage: true });
    expect(batches).toHaveLength(0);
    sched.frame();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.get('A')!.price).toBe(1048);
    expect(batches[0]!.get('B')!.price).toBe(1049);
  });

  it('closes offline and reconnects when back online', () => {
    const online = { value: true };
    const { sched, stream } = setup(online);
    stream.subscribe(['7203']);
    sched.advance(250);
    online.value = false;
    stream.pause();
    expect(FakeSource.all[0]!.closed).toBe(true);
    stream.resume(); // an 'online' event that lies: still offline → nothing opens
    sched.advance(0);
    expect(FakeSource.all).toHaveLength(1);
    online.value = true;
    stream.resume();
    sched.advance(0);
    expect(FakeSource.all).toHaveLength(2);
    expect(stream.connected).toBe(true);
  });

  it('retries with back-off when the browser gives up, and leaves its own reconnects alone', () => {
    const { sched, stream } = setup();
    stream.subscribe(['7203']);
    sched.advance(250);
    FakeSource.all[0]!.fail(0); // CONNECTING: EventSource retries by itself
    sched.advance(60_000);
    expect(FakeSource.all).toHaveLength(1);
    FakeSource.all[0]!.fail(EVENT_SOURCE_CLOSED);
    sched.advance(999);
    expect(FakeSource.all).toHaveLength(1);
    sched.advance(1);
    expect(FakeSource.all).toHaveLength(2);
    FakeSource.all[1]!.fail(EVENT_SOURCE_CLOSED);
    sched.advance(1999);
    expect(FakeSource.all).toHaveLength(2);
    sched.advance(1);
    expect(FakeSource.all).toHaveLength(3);
  });
});

describe('patching the cache', () => {
  it('patches a row only when the quote is newer or differs, keeping identity otherwise', () => {
    const r = row('7203', 1000, 10);
    expect(patchRow(r, quote('7203', 1010, 5))).toBe(r); // older
    expect(patchRow(r, quote('6758', 1010, 20))).toBe(r); // another code
    const same = { ...quote('7203', 1000, 10), volume: r.volume, turnover: r.turnover };
    expect(patchRow(r, same)).toBe(r);
    const next = patchRow(r, quote('7203', 1010, 20));
    expect(next).not.toBe(r);
    expect(next).toMatchObject({ price: 1010, change: 10, changeBp: 100, at: 20, nameJa: '7203' });
  });

  it('keeps unchanged rows (and the array) identical', () => {
    const rows = [row('A', 1000, 1), row('B', 1000, 1), row('C', 1000, 1)];
    expect(patchRows(rows, new Map())).toBe(rows);
    const out = patchRows(rows, new Map([['B', quote('B', 990, 2)]]));
    expect(out).not.toBe(rows);
    expect(out[0]).toBe(rows[0]);
    expect(out[2]).toBe(rows[2]);
    expect(out[1]!.price).toBe(990);
  });

  it('writes streamed quotes into boards, the watchlist, search results, indices and quote details', () => {
    const client = new QueryClient();
    const boardKey = marketKeys.board('listed', 'changeBp', 'desc');
    client.setQueryData(boardKey, {
      pages: [
        { items: [row('A', 1000, 1), row('B', 1000, 1)], next: 'x', total: 3, at: 1, simulated: true },
        { items: [row('C', 1000, 1)], next: null, total: 3, at: 1, simulated: true },
      ],
      pageParams: ['', 'x'],
    });
    client.setQueryData(watchlistKeys.all, { codes: ['C', 'A'], items: [row('C', 1000, 1), row('A', 1000, 1)], max: 200, simulated: true });
    client.setQueryData(watchlistKeys.alerts, { at: 1, items: [], simulated: true });
    client.setQueryData(marketKeys.search('a'), { items: [row('A', 1000, 1)], simulated: true });
    client.setQueryData(marketKeys.indices, { items: [{ instrument: { code: 'N225' }, quote: quote('N225', 5000, 1) }], simulated: true });
    client.setQueryData(marketKeys.quote('A'), { instrument: { code: 'A' }, quote: quote('A', 1000, 1) });
    client.setQueryData(marketKeys.quote('Z'), { instrument: { code: 'Z' }, quote: quote('Z', 1000, 1) });
    const board0 = client.getQueryData<{ pages: { items: unknown[] }[] }>(boardKey)!;
    const zBefore = client.getQueryData(marketKeys.quote('Z'));
    const alertsBefore = client.getQueryData(watchlistKeys.alerts);

    const changed = applyQuotes(
      client,
      new Map([
        ['A', quote('A', 1100, 2)],
        ['C', quote('C', 900, 2)],
        ['N225', quote('N225', 5050, 2)],
      ]),
    );
    expect(changed).toBe(5); // board, watchlist, search, indices, quote A

    const board = client.getQueryData<{ pages: { items: { code: string; price: number }[] }[] }>(boardKey)!;
    expect(board.pages[0]!.items.map((r) => r.price)).toEqual([1100, 1000]);
    expect(board.pages[0]!.items[1]).toBe(board0.pages[0]!.items[1]); // B untouched
    expect(board.pages[1]!.items[0]!.price).toBe(900);
    const wl = client.getQueryData<{ codes: string[]; items: { price: number }[] }>(watchlistKeys.all)!;
    expect(wl.codes).toEqual(['C', 'A']);
    expect(wl.items.map((r) => r.price)).toEqual([900, 1100]);
    expect(client.getQueryData<{ items: { price: number }[] }>(marketKeys.search('a'))!.items[0]!.price).toBe(1100);
    expect(client.getQueryData<{ items: { quote: StreamQuote }[] }>(marketKeys.indices)!.items[0]!.quote.price).toBe(5050);
    expect(client.getQueryData<{ quote: StreamQuote }>(marketKeys.quote('A'))!.quote).toMatchObject({ price: 1100, at: 2, bid: 1099 });
    expect(client.getQueryData(marketKeys.quote('Z'))).toBe(zBefore);
    expect(client.getQueryData(watchlistKeys.alerts)).toBe(alertsBefore);

    // The same batch again changes nothing.
    expect(applyQuotes(client, new Map([['A', quote('A', 1100, 2)]]))).toBe(0);
    // An older quote is ignored.
    expect(applyQuotes(client, new Map([['A', quote('A', 1200, 1)]]))).toBe(0);
  });
});
