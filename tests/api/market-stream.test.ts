import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, TEST_NOW, type TestServer } from '../support/server';
import { QuoteHub } from '../../src/server/modules/market/hub';
import { DomainError } from '../../src/server/errors';
import { pollUntil, within } from '../support/wait';

/**
 * The SSE quote stream, read with fetch and parsed by hand (text/event-stream blocks separated by
 * a blank line). The hub's timer is not started: each test moves the clock and calls tick().
 */
interface SseBlock {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

function parseBlock(block: string): SseBlock {
  const out: SseBlock = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) out.comment = line.slice(1).trim();
    else {
      const i = line.indexOf(':');
      const field = line.slice(0, i) as keyof SseBlock;
      const value = line.slice(i + 1).replace(/^ /, '');
      out[field] = field === 'data' && out.data !== undefined ? `${out.data}\n${value}` : value;
    }
  }
  return out;
}

async function openStream(url: string, headers: Record<string, string> = {}) {
  const ac = new AbortController();
  const res = await fetch(url, { headers, signal: ac.signal });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  /**
   * The next block; fails naming the wait when none comes before the test's time is nearly up
   * (tests/support/wait.ts), instead of hanging it. Never a sleep: it returns at once when data is there.
   */
  async function next(): Promise<SseBlock> {
    for (;;) {
      const i = buf.indexOf('\n\n');
      if (i >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        return parseBlock(block);
      }
      const chunk = await within(reader.read(), 'the next event of the stream');
      if (chunk.done) return { comment: 'END' };
      buf += decoder.decode(chunk.value, { stream: true });
    }
  }
  const quotes = async (n: number) => {
    const out: { id: number; quote: any }[] = [];
    while (out.length < n) {
      const b = await next();
      if (b.event === 'quote') out.push({ id: Number(b.id), quote: JSON.parse(b.data!) });
    }
    return out;
  };
  return { res, next, quotes, close: () => ac.abort() };
}

describe.each(testDialects({ database: false }))('market stream (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());
  const streamUrl = (codes: string) => `${s.url}/api/vue/market/stream?codes=${codes}`;
  const quoteNow = async (code: string) => (await s.call('get', `market/quote/${code}`)).body.data.quote;
  async function until(cond: () => boolean) {
    for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setImmediate(r));
    return pollUntil(cond);
  }

  it('sends the current quotes, then changes as the clock moves, with increasing ids', async () => {
    s.clock.set(TEST_NOW);
    const st = await openStream(streamUrl('7203,btcjpy'));
    expect(st.res.status).toBe(200);
    expect(st.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect((await st.next()).retry).toBe('3000');
    const first = await st.quotes(2);
    expect(first.map((e) => e.quote.code).sort()).toEqual(['7203', 'BTCJPY']);
    expect(first[1]!.id).toBeGreaterThan(first[0]!.id);
    for (const e of first) expect(e.quote).toEqual(await quoteNow(e.quote.code));

    s.clock.advance(60_000);
    s.services.quotes.tick();
    const next = await st.quotes(2);
    expect(next.map((e) => e.quote.code).sort()).toEqual(['7203', 'BTCJPY']);
    for (const e of next) {
      expect(e.id).toBeGreaterThan(first[1]!.id);
      expect(e.quote.at).toBe(TEST_NOW + 60_000);
      expect(e.quote).toEqual(await quoteNow(e.quote.code));
    }
    st.close();
    expect(await until(() => s.services.quotes.stats().clients === 0)).toBe(true);
  });

  it('fans one event out to every subscriber of the code; a reconnect gets the current state', async () => {
    s.clock.set(TEST_NOW);
    const a = await openStream(streamUrl('7203,6758'));
    const b = await openStream(streamUrl('7203'));
    await a.quotes(2);
    await b.quotes(1);
    s.clock.advance(120_000);
    s.services.quotes.tick();
    const [ea] = (await a.quotes(2)).filter((e) => e.quote.code === '7203');
    const [eb] = await b.quotes(1);
    expect(eb).toEqual(ea);
    a.close();
    // Reconnect as EventSource does (same URL, Last-Event-ID): the current quote of every code first.
    s.clock.advance(60_000);
    const again = await openStream(streamUrl('7203,6758'), { 'Last-Event-ID': String(ea!.id) });
    const snapshot = await again.quotes(2);
    for (const e of snapshot) expect(e.quote).toEqual(await quoteNow(e.quote.code));
    expect(snapshot[0]!.id).toBeLessThan(snapshot[1]!.id);
    again.close();
    b.close();
    expect(await until(() => s.services.quotes.stats().clients === 0)).toBe(true);
  });

  it('stops polling codes nobody watches', async () => {
    const a = await openStream(streamUrl('7203,6758'));
    const b = await openStream(streamUrl('7203'));
    await a.quotes(2);
    await b.quotes(1);
    expect(s.services.quotes.watched().sort()).toEqual(['6758', '7203']);
    a.close();
    expect(await until(() => s.services.quotes.watched().length === 1)).toBe(true);
    expect(s.services.quotes.watched()).toEqual(['7203']);
    b.close();
    expect(await until(() => s.services.quotes.watched().length === 0)).toBe(true);
  });

  it('sends nothing while nothing changes, and a heartbeat after 15 s of silence', async () => {
    s.clock.set(TEST_NOW);
    const st = await openStream(streamUrl('JPYJPY')); // fixed at 1: never changes
    await st.quotes(1);
    s.clock.advance(14_000);
    s.services.quotes.tick(); // no change, not yet quiet for 15 s: nothing
    s.clock.advance(1_000);
    s.services.quotes.tick();
    expect(await st.next()).toEqual({ comment: 'hb' }); // the very next block: nothing came before it
    st.close();
    s.clock.set(TEST_NOW);
  });

  it('runs on its own timer when started, and stop() ends every stream', async () => {
    s.clock.set(TEST_NOW);
    const st = await openStream(streamUrl('BTCJPY'));
    await st.quotes(1);
    s.services.quotes.start();
    s.clock.advance(60_000);
    const [e] = await st.quotes(1); // within one interval (1 s), without calling tick()
    expect(e!.quote.at).toBe(TEST_NOW + 60_000);
    s.services.quotes.stop();
    let b = await st.next();
    while (b.comment !== 'END') b = await st.next();
    expect(s.services.quotes.stats()).toMatchObject({ clients: 0, codes: 0 });
    s.clock.set(TEST_NOW);
  });

  it('drops a client that falls too far behind', () => {
    let ended = false;
    const sub = s.services.quotes.subscribe(['7203'], { send: () => false, end: () => (ended = true) });
    expect(ended).toBe(true);
    expect(s.services.quotes.stats().clients).toBe(0);
    sub.close(); // harmless twice
  });

  it('a full hub refuses more clients with 429 too_many_requests', () => {
    const hub = new QuoteHub(s.services.marketService, s.clock, s.services.logger, { maxClients: 1 });
    const quiet = { send: () => true, end: () => {} };
    const first = hub.subscribe(['7203'], quiet);
    let err: unknown;
    try {
      hub.subscribe(['6758'], quiet);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: 'too_many', messageId: 'too_many_requests' });
    first.close();
    expect(hub.hasRoom()).toBe(true);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await s.call('get', '/api/vue/openapi.json')).body;
    expect(doc.paths['/api/vue/market/stream'].get.responses['200'].content).toHaveProperty('text/event-stream');
    for (const p of ['/api/vue/market/instruments', '/api/vue/market/candles/{code}', '/api/vue/watchlist/{code}']) expect(doc.paths).toHaveProperty([p]);
  });

  it('refuses bad requests with the envelope before streaming', async () => {
    const many = s.services.market.instruments().slice(0, 201).map((i) => i.code).join(',');
    for (const q of ['', '?codes=', '?codes=,,', '?codes=72-03', `?codes=${many}`]) {
      const res = await s.call('get', `market/stream${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ status: 0, msg: 'invalid_request', params: { field: 'codes' } });
    }
    const res = await s.call('get', 'market/stream?codes=7203,9999');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ msg: 'product_not_found', params: { code: '9999' } });
    // A market clock outside the simulated years: the envelope, not a broken stream.
    s.clock.set(Date.parse('2035-06-05T01:00:00Z'));
    try {
      const out = await s.call('get', 'market/stream?codes=4502');
      expect(out.status).toBe(422);
      expect(out.headers.get('content-type')).toMatch(/^application\/json/);
      expect(out.body).toMatchObject({ status: 0, msg: 'price_unavailable' });
    } finally {
      s.clock.set(TEST_NOW);
    }
    expect(s.services.quotes.stats().clients).toBe(0);
  });
});
