import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from './env';
import { sendFailure } from './envelope';
import { quoteSchema, streamQuery, STREAM_MAX_CODES, STREAM_MAX_DEPTH } from '../../shared/api/market';
import type { HubClient } from '../modules/market';
import type { ConcurrencyCap, RateLimitStore } from '../platform/rate-limit';

/*
 * GET /api/vue/market/stream?codes=7203,BTCJPY — server-sent events (text/event-stream).
 *
 * No session is needed: quotes are the same public (simulated) market data as the other market
 * reads, and a browser EventSource cannot send the `token` header; a token in the URL would end
 * up in access logs. Bad input is refused with the ordinary envelope before the stream starts:
 * 400 invalid_request {field: "codes"} (none, malformed, more than 200), 404 product_not_found
 * {code} for an unknown code, 429 too_many_requests {max} when the hub holds its maximum of clients
 * or the client's IP already holds STREAMS_PER_IP streams (a page needs one; no session means the
 * IP is the only thing to count by). The per-IP count is a slot cap of the rate-limit store
 * (platform/rate-limit.ts): with REDIS_URL it holds across the instances behind the balancer, and the
 * slots of an instance that dies expire by themselves; Redis down refuses new streams with 503
 * service_unavailable (docs/decisions/021-scale-out.md).
 *
 * The stream: `retry: 3000`, then `event: quote` / `id: <seq>` / `data: <Quote JSON>` for the
 * current quote of every code, then one event per change (see hub.ts), and a `: hb` comment after
 * 15 s of silence so proxies keep the connection. Reconnecting (EventSource does it by itself,
 * sending Last-Event-ID) starts again with the current quote of every code, which is all a
 * client needs: quotes are state, not a log, so there is nothing in between to replay.
 *
 * `&depth=7203` (up to 3 stocks among the codes): after each of those codes' quote the stream also
 * sends `event: depth` with its simulated book and latest prints (hub.ts says why in the stream).
 */

/** Concurrent streams one client IP may hold. */
export const STREAMS_PER_IP = 20;

export interface StreamOptions {
  /** Default STREAMS_PER_IP. */
  streamsPerIp?: number;
}

/** A client further behind than this (bytes buffered for its socket) is dropped; it reconnects to the current state. */
const MAX_QUEUED_BYTES = 512 * 1024;

const HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // nginx and similar proxies: pass events through unbuffered
  'x-accel-buffering': 'no',
};

/**
 * Validation, auth and errors go through Hono as for every route; the stream itself is written
 * straight to Node's ServerResponse: thousands of long-lived responses through web ReadableStreams
 * cost several times the bare Node fan-out (bench/stream.ts), for nothing a stream needs.
 */
export async function streamQuotes(c: Context<AppEnv & { Bindings: HttpBindings }>, perIp: ConcurrencyCap) {
  const parsed = streamQuery.safeParse({ codes: c.req.query('codes') ?? '', depth: c.req.query('depth') });
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0] === 'depth' ? 'depth' : 'codes';
    const max = field === 'depth' ? STREAM_MAX_DEPTH : STREAM_MAX_CODES;
    return sendFailure(c, 400, 'invalid_request', { field, issue: parsed.error.issues[0]?.code ?? 'invalid', max });
  }
  const { marketService: market, quotes } = c.get('services');
  const unknown = parsed.data.codes.find((code) => !market.source.instrument(code));
  if (unknown) return sendFailure(c, 404, 'product_not_found', { code: unknown });
  // A book is drawn for stocks the stream carries (their quote comes first); anything else is a bad request.
  const badDepth = parsed.data.depth.find((code) => !parsed.data.codes.includes(code) || market.source.instrument(code)?.kind !== 'stock');
  if (badDepth) return sendFailure(c, 400, 'invalid_request', { field: 'depth', issue: 'not_a_streamed_stock', code: badDepth });
  if (!quotes.hasRoom()) return sendFailure(c, 429, 'too_many_requests', { max: quotes.maxClients });
  const out = c.env?.outgoing;
  if (!out) throw new Error('the quote stream needs @hono/node-server');
  const ip = c.get('ip');
  const slot = await perIp.acquire(ip);
  if (!slot) return sendFailure(c, 429, 'too_many_requests', { max: perIp.max });
  if (out.destroyed) {
    // Gone while the slot was being taken (a round trip to Redis).
    slot.release();
    return alreadySent();
  }

  // Headers go out with the first write (the snapshot); until then a failure below (e.g. a clock
  // outside the simulated years) can still answer the ordinary JSON envelope.
  for (const [name, value] of Object.entries(HEADERS)) out.setHeader(name, value);
  const client: HubClient = {
    send(chunks) {
      if (out.destroyed || out.writableEnded) return false;
      // One write (writev) per batch instead of one per event.
      out.cork();
      for (const chunk of chunks) out.write(chunk);
      out.uncork();
      return out.writableLength <= MAX_QUEUED_BYTES;
    },
    end() {
      if (!out.writableEnded) out.end();
    },
  };
  let sub: { close(): void };
  try {
    sub = quotes.subscribe(parsed.data.codes, client, parsed.data.depth);
  } catch (err) {
    slot.release();
    for (const name of Object.keys(HEADERS)) out.removeHeader(name);
    throw err;
  }
  // The client went away (or we ended it).
  out.on('close', () => {
    slot.release();
    sub.close();
  });
  return alreadySent();
}

/**
 * Tells @hono/node-server the response is already being written: a fresh object (middleware adds
 * headers to it) whose body is read once, so the adapter takes the path that honours the marker —
 * a body-less Response still in its lightweight form would be written out again after an await.
 */
function alreadySent(): Response {
  const res = new Response(null, { headers: RESPONSE_ALREADY_SENT.headers });
  void res.body;
  return res;
}

/** The route and its OpenAPI entry (a hand-written path: the contract's `mount` answers JSON only). */
export function mountStream(r: OpenAPIHono<AppEnv>, opts: StreamOptions = {}): void {
  r.openAPIRegistry.registerPath({
    method: 'get',
    path: '/market/stream',
    tags: ['market'],
    summary: 'Server-sent quote events for up to 200 codes (no session needed); book and trades for up to 3 `depth` stocks',
    request: {
      query: z.object({
        codes: z.string().describe('Comma-separated codes, e.g. 7203,BTCJPY'),
        depth: z.string().optional().describe('Stocks among codes that also get `event: depth` (book and latest trades), e.g. 7203'),
      }),
    },
    responses: {
      200: {
        description: '`event: quote`, `id: <seq>`, `data: <Quote>`; `: hb` heartbeat comments',
        content: { 'text/event-stream': { schema: quoteSchema } },
      },
    },
  });
  const max = opts.streamsPerIp ?? STREAMS_PER_IP;
  // One cap per store (tests mount several apps, each with its own services).
  const caps = new WeakMap<RateLimitStore, ConcurrencyCap>();
  const handler = (c: Context<AppEnv & { Bindings: HttpBindings }>) => {
    const store = c.get('services').rateLimits;
    let cap = caps.get(store);
    if (!cap) caps.set(store, (cap = store.cap({ name: 'stream_ip', max })));
    return streamQuotes(c, cap);
  };
  r.get('/market/stream', handler);
}
