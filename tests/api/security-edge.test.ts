/**
 * The HTTP edge (issue 10 §4, §6): the client IP behind a trusted proxy, the per-IP cap of the
 * public quote stream, the envelope for a header block Node refuses, and a refused big body that
 * leaves the client able to send its next request.
 */
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { forwardedClientIp } from '../../src/server/http/edge';
import { loadConfig } from '../../src/server/platform/config';
import { STREAMS_PER_IP } from '../../src/server/http/market-stream';
import { startTestServer, type TestServer } from '../support/server';

/** KABUTO_TRUST_PROXY as main.ts reads it. */
const parseTrustProxy = (value: string | undefined) => loadConfig({ KABUTO_TRUST_PROXY: value }).server.trustProxy;

interface RawResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  /** The request went on a connection an earlier request had used. */
  reused: boolean;
}

/** One request through node:http (fetch hides connection reuse and refuses big headers). */
function raw(url: string, o: { method?: string; headers?: Record<string, string>; body?: Buffer; chunked?: boolean; agent?: http.Agent | false }) {
  return new Promise<RawResult>((resolve, reject) => {
    const req = http.request(url, { method: o.method ?? 'GET', headers: o.headers, agent: o.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: the test fails on it
        }
        resolve({ status: res.statusCode!, headers: res.headers, body, reused: req.reusedSocket });
      });
    });
    req.on('error', reject);
    if (o.body && o.chunked) {
      // No Content-Length: Transfer-Encoding: chunked, the limit is found while reading.
      for (let i = 0; i < o.body.length; i += 16 * 1024) req.write(o.body.subarray(i, i + 16 * 1024));
      req.end();
    } else {
      req.end(o.body);
    }
  });
}

describe('the client IP behind trusted proxies', () => {
  it('is the entry the outermost trusted proxy appended, never one the client wrote', () => {
    expect(forwardedClientIp('6.6.6.6, 203.0.113.7', 1)).toBe('203.0.113.7');
    expect(forwardedClientIp('6.6.6.6,203.0.113.7, 10.0.0.2', 2)).toBe('203.0.113.7');
    expect(forwardedClientIp('203.0.113.7', 2)).toBe('203.0.113.7');
    expect(forwardedClientIp('6.6.6.6', 0)).toBeUndefined();
    expect(forwardedClientIp(undefined, 1)).toBeUndefined();
    expect([parseTrustProxy(undefined), parseTrustProxy(''), parseTrustProxy('0'), parseTrustProxy('1'), parseTrustProxy('3')]).toEqual([0, 0, 0, 1, 3]);
    for (const bad of ['true', 'yes', '-1', '1.5']) expect(() => parseTrustProxy(bad)).toThrow(/KABUTO_TRUST_PROXY/);
  });
});

// These run once, on SQLite: the subject is the HTTP edge, not the database.
describe('the HTTP edge', () => {
  let s: TestServer;
  let behindProxy: TestServer;
  const open: http.ClientRequest[] = [];
  beforeAll(async () => {
    [s, behindProxy] = await Promise.all([
      startTestServer({ dialect: 'sqlite' }),
      startTestServer({ dialect: 'sqlite', app: { trustProxy: 1 }, loginLimits: { ipAttempts: 3 } }),
    ]);
  });
  afterEach(() => {
    for (const r of open.splice(0)) r.destroy();
  });
  afterAll(async () => {
    await s?.close();
    await behindProxy?.close();
  });

  it('KABUTO_TRUST_PROXY=1: the per-IP login limit counts the address the proxy appended, whatever the client puts left of it', async () => {
    const login = (xff: string, i: number) =>
      behindProxy.call('post', 'user/login', { body: { phone: `0701234${String(5000 + i)}`, password: 'wrong-pass-1' }, headers: { 'X-Forwarded-For': xff } });
    const statuses: number[] = [];
    // A client varying the leftmost entry, as the probe did: 40 of 40 passed before.
    for (let i = 0; i < 6; i++) statuses.push((await login(`10.9.${i}.1, 203.0.113.7`, i)).status);
    expect(statuses.slice(0, 3).every((st) => st !== 429), String(statuses)).toBe(true);
    expect(statuses.slice(3)).toEqual([429, 429, 429]);
    // Another client of the proxy has its own budget.
    expect((await login('203.0.113.8', 99)).status).not.toBe(429);
  });

  it(`caps the public quote stream at ${STREAMS_PER_IP} concurrent streams per IP (429 envelope), and frees a slot when one closes`, async () => {
    const url = `${s.url}/api/vue/market/stream?codes=7203`;
    const start = () =>
      new Promise<{ status: number; req: http.ClientRequest; body: Promise<string> }>((resolve, reject) => {
        const req = http.get(url, { agent: false }, (res) => {
          const body =
            res.statusCode === 200
              ? Promise.resolve('')
              : new Promise<string>((r) => {
                  let t = '';
                  res.on('data', (d) => (t += d));
                  res.on('end', () => r(t));
                });
          resolve({ status: res.statusCode!, req, body });
        });
        req.on('error', reject);
        open.push(req);
      });
    const streams = await Promise.all(Array.from({ length: STREAMS_PER_IP }, start));
    expect(streams.map((x) => x.status)).toEqual(Array(STREAMS_PER_IP).fill(200));
    const refused = await start();
    expect(refused.status).toBe(429);
    expect(JSON.parse(await refused.body)).toMatchObject({ status: 0, msg: 'too_many_requests', params: { max: STREAMS_PER_IP } });
    // The server counts the slot free once it sees the close.
    const closed = new Promise<void>((r) => streams[0]!.req.on('close', () => r()));
    streams[0]!.req.destroy();
    await closed;
    let again = await start();
    for (let i = 0; i < 50 && again.status !== 200; i++) {
      await new Promise((r) => setImmediate(r));
      again = await start();
    }
    expect(again.status).toBe(200);
  });

  it('answers a 70 KB header with the 431 JSON envelope instead of an empty answer', async () => {
    const res = await raw(`${s.url}/api/vue/market/indices`, { headers: { 'x-big': 'a'.repeat(70 * 1024) } });
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ status: 0, msg: 'headers_too_large', data: null });
    // The server is still there.
    expect((await raw(`${s.url}/api/vue/market/indices`, {})).status).toBe(200);
  });

  it.each([false, true])('refuses a 1 MB body with the 413 envelope and the same client then succeeds (chunked: %s)', async (chunked) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const url = `${s.url}/api/vue/`;
      expect((await raw(`${url}market/indices`, { agent })).status).toBe(200);
      const big = await raw(`${url}user/login`, {
        agent, method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.alloc(1024 * 1024, 'a'), chunked,
      });
      expect([big.status, big.body.msg]).toEqual([413, 'payload_too_large']);
      // Either the connection stays usable, or the client is told to reconnect: never a reset.
      const reconnect = big.headers.connection === 'close';
      const next = await raw(`${url}market/indices`, { agent });
      expect(next.status).toBe(200);
      expect(next.reused).toBe(!reconnect);
      expect((await raw(`${url}market/indices`, { agent })).reused).toBe(true);
    } finally {
      agent.destroy();
    }
  });
});
