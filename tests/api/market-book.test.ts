import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { jstMs } from '../../src/shared/market';
import { stepTick, isOnTick } from '../../src/shared/market/tick';

/**
 * The simulated 板 and 歩み値 of a stock (GET market/book/{code}, market/trades/{code}) and their
 * `event: depth` on the quote stream. The clock is Tuesday 2026-11-24 10:00 JST (continuous trading).
 * Market data never reaches the database; like every API test these run on both dialects all the same.
 */
describe.each(testDialects())('market book and trades (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());
  const get = (path: string) => s.call('get', path);
  const quoteOf = async (code: string) => (await get(`market/quote/${code}`)).body.data;

  /** Levels one tick apart from the quote's bid/ask, inside the limits, in whole lots. */
  function expectConsistent(book: any, quote: any, table: 'topix500' | 'other') {
    expect(book.bid).toBe(quote.bid);
    expect(book.ask).toBe(quote.ask);
    if (quote.ask !== null) expect(book.asks[0].price).toBe(quote.ask);
    if (quote.bid !== null) expect(book.bids[0].price).toBe(quote.bid);
    book.asks.forEach((l: any, i: number) => {
      if (i > 0) expect(l.price).toBe(stepTick(book.asks[i - 1].price, table, 1));
      expect(l.price).toBeLessThanOrEqual(quote.limits.upper);
    });
    book.bids.forEach((l: any, i: number) => {
      if (i > 0) expect(l.price).toBe(stepTick(book.bids[i - 1].price, table, -1));
      expect(l.price).toBeGreaterThanOrEqual(quote.limits.lower);
    });
    for (const l of [...book.asks, ...book.bids]) {
      expect(isOnTick(l.price, table)).toBe(true);
      expect(l.qty).toBeGreaterThan(0);
      expect(l.qty % 100).toBe(0);
    }
    for (const k of ['over', 'under', 'marketBuy', 'marketSell']) expect(book[k] % 100, k).toBe(0);
  }

  it('draws ten levels a side around the quote: best levels = bid/ask, one tick apart, whole lots', async () => {
    for (const code of ['7203', '6758', '9984', '2158', '2702']) {
      const { instrument, quote } = await quoteOf(code);
      const res = await get(`market/book/${code}`);
      expect(res.status, code).toBe(200);
      const book = res.body.data;
      expect(book).toMatchObject({ code, at: TEST_NOW, session: 'morning', priceScale: 10, simulated: true });
      expectConsistent(book, quote, instrument.tickTable);
      if (quote.limitState === null) {
        expect(book.status).toBe('open');
        expect(book.asks.length + book.bids.length).toBeGreaterThanOrEqual(10);
        expect(book.marketBuy + book.marketSell).toBe(0); // market orders fill at once in continuous trading
      }
    }
  });

  it('sizes follow the stock\'s volume: a level is a small part of a typical day', async () => {
    const from = '2026-10-20';
    for (const code of ['7203', '2158', '2702']) {
      const daily = s.services.market.dailyBars(code, from, '2026-11-23').slice(-20);
      const avg = daily.reduce((a, b) => a + b.volume, 0) / daily.length;
      const book = (await get(`market/book/${code}`)).body.data;
      const qtys = [...book.asks, ...book.bids].map((l: any) => l.qty).sort((a: number, b: number) => a - b);
      const median = qtys[Math.floor(qtys.length / 2)];
      expect(median, code).toBeGreaterThanOrEqual(Math.max(100, avg / 5000));
      expect(median, code).toBeLessThanOrEqual(Math.max(1000, avg / 50));
      expect(book.over + book.under).toBeGreaterThan(0);
    }
  });

  it('is deterministic: the same seed and instant give the same book and tape, on another server too', async () => {
    const a = (await get('market/book/7203')).body.data;
    const ta = (await get('market/trades/7203?limit=50')).body.data;
    expect((await get('market/book/7203')).body.data).toEqual(a);
    const other = await startTestServer({ dialect });
    try {
      expect((await other.call('get', 'market/book/7203')).body.data).toEqual(a);
      expect((await other.call('get', 'market/trades/7203?limit=50')).body.data).toEqual(ta);
    } finally {
      await other.close();
    }
    // Within the quote's 15-second step the book holds still.
    s.clock.set(TEST_NOW + 14_000);
    try {
      expect((await get('market/book/7203')).body.data).toEqual({ ...a, at: TEST_NOW + 14_000 });
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it('keeps every level inside the limits all day, and shows a locked limit one-sided, for many stocks', async () => {
    const codes = s.services.market.instruments().filter((i) => i.kind === 'stock').map((i) => i.code);
    for (const at of [jstMs('2026-11-24', 9, 0, 30), jstMs('2026-11-24', 14, 59, 45)]) {
      s.clock.set(at);
      for (const code of codes) {
        const { instrument, quote } = await quoteOf(code);
        const book = (await get(`market/book/${code}`)).body.data;
        expectConsistent(book, quote, instrument.tickTable);
        if (quote.limitState === 'up') expect(book).toMatchObject({ status: 'limit_up', asks: [] });
        if (quote.limitState === 'down') expect(book).toMatchObject({ status: 'limit_down', bids: [] });
      }
    }
    s.clock.set(TEST_NOW);
  });

  it('has no book outside continuous trading (lunch, weekend)', async () => {
    for (const at of [jstMs('2026-11-24', 12, 0), jstMs('2026-11-28', 11, 0)]) {
      s.clock.set(at);
      const book = (await get('market/book/7203')).body.data;
      expect(book).toMatchObject({ status: 'closed', asks: [], bids: [], bid: null, ask: null, over: 0, under: 0 });
    }
    s.clock.set(TEST_NOW);
  });

  it('prints trades newest first, within each minute\'s range, in lots, ending at the quote', async () => {
    const { quote } = await quoteOf('7203');
    const res = await get('market/trades/7203?limit=120');
    expect(res.status).toBe(200);
    const { items, tradingDate } = res.body.data;
    expect(tradingDate).toBe('2026-11-24');
    expect(items.length).toBe(120);
    expect(items[0].price).toBe(quote.price);
    const minutes = s.services.market.minuteBars('7203', '2026-11-24');
    for (let i = 0; i < items.length; i++) {
      const p = items[i];
      expect(p.t).toBeLessThanOrEqual(TEST_NOW);
      expect(p.t % 1000).toBe(0);
      expect(p.qty % 100).toBe(0);
      if (i > 0) expect(p.t).toBeLessThanOrEqual(items[i - 1].t);
      if (i + 1 < items.length) {
        const prev = items[i + 1].price;
        expect(p.dir).toBe(p.price > prev ? 'up' : p.price < prev ? 'down' : 'flat');
      }
      const bar = minutes.find((m) => m.t <= p.t && p.t < m.t + 60_000)!;
      expect(p.price).toBeGreaterThanOrEqual(bar.low);
      expect(p.price).toBeLessThanOrEqual(bar.high);
    }
  });

  it('adds up to the quote\'s volume (whole day so far) and each minute\'s volume', async () => {
    s.clock.set(jstMs('2026-11-24', 9, 1, 50));
    try {
      const { quote } = await quoteOf('7203');
      const items = (await get('market/trades/7203?limit=200')).body.data.items;
      expect(items.length).toBeLessThan(200); // the whole day so far
      expect(items.reduce((a: number, p: any) => a + p.qty, 0)).toBe(quote.volume);
      expect(items[items.length - 1].dir).toBe(items[items.length - 1].price === quote.prevClose ? 'flat' : items[items.length - 1].price > quote.prevClose ? 'up' : 'down');
      const first = s.services.market.minuteBars('7203', '2026-11-24')[0]!;
      const inFirst = items.filter((p: any) => p.t < first.t + 60_000);
      expect(inFirst.reduce((a: number, p: any) => a + p.qty, 0)).toBe(first.volume);
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it('after the close shows the closing auction as one print', async () => {
    s.clock.set(jstMs('2026-11-24', 16, 0));
    try {
      const { quote } = await quoteOf('7203');
      const [last] = (await get('market/trades/7203?limit=5')).body.data.items;
      expect(last).toMatchObject({ t: jstMs('2026-11-24', 15, 30), price: quote.price, auction: true });
    } finally {
      s.clock.set(TEST_NOW);
    }
  });

  it('is public, for stocks only, and validates its input', async () => {
    expect((await s.call('get', 'market/book/7203', { token: undefined })).status).toBe(200);
    for (const path of ['market/book/9999', 'market/trades/ZZZZ']) expect((await get(path)).body.msg, path).toBe('product_not_found');
    for (const path of ['market/book/N225', 'market/trades/BTCJPY']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.msg).toBe('not_found');
    }
    for (const q of ['0', '201', 'x']) expect((await get(`market/trades/7203?limit=${q}`)).status, q).toBe(400);
  });

  it('streams the book and prints as `event: depth` after the quote, only to clients that ask', async () => {
    s.clock.set(TEST_NOW);
    const url = (q: string) => `${s.url}/api/vue/market/stream?${q}`;
    const bad = await fetch(url('codes=7203&depth=6758'));
    expect(bad.status).toBe(400);
    expect((await fetch(url('codes=BTCJPY&depth=BTCJPY'))).status).toBe(400);
    const ac = new AbortController();
    const res = await fetch(url('codes=7203,6758&depth=7203'), { signal: ac.signal });
    const reader = res.body!.getReader();
    let text = '';
    const events = async (n: number) => {
      for (;;) {
        const blocks = text.split('\n\n').filter((b) => b.includes('event: '));
        if (blocks.length >= n) return blocks;
        const chunk = await reader.read();
        text += new TextDecoder().decode(chunk.value);
      }
    };
    const first = await events(3);
    expect(first.map((b) => /event: (\w+)/.exec(b)![1])).toEqual(['quote', 'quote', 'depth']);
    const depth = JSON.parse(/data: (.*)/.exec(first[2]!)![1]!);
    expect(depth.book).toEqual((await get('market/book/7203')).body.data);
    expect(depth.trades).toEqual((await get('market/trades/7203')).body.data);
    s.clock.advance(60_000);
    s.services.quotes.tick();
    const after = await events(6);
    const kinds = after.slice(3).map((b) => /event: (\w+)/.exec(b)![1]);
    expect(kinds.filter((k) => k === 'depth')).toHaveLength(1);
    const again = JSON.parse(/data: (.*)/.exec(after.find((b, i) => i >= 3 && b.includes('event: depth'))!)![1]!);
    expect(again.book.at).toBe(TEST_NOW + 60_000);
    ac.abort();
    s.clock.set(TEST_NOW);
  });
});
