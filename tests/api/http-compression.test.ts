import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Compression on the wire (docs/architecture.md "A request"): the build's brotli / gzip copies of
 * the PWA's assets chosen by Accept-Encoding, and API JSON over 1 KB gzip'd; nothing for a client
 * that does not ask, nothing for small answers or event streams. Raw node:http, so the bytes are
 * seen as sent (fetch would decompress them).
 */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('compression', () => {
  let s: TestServer;
  let dist: string;
  const script = `console.log(${JSON.stringify('kabuto '.repeat(400))});`;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kabuto-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Kabuto</title>');
    writeFileSync(join(dist, 'assets/app-abc123.js'), script);
    writeFileSync(join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
    s = await startTestServer({ dialect: 'sqlite', app: { distDir: dist } });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the brotli copy to a browser accepting br, gzip to one accepting only gzip, the file to others; immutable either way', async () => {
    const url = `${s.url}/assets/app-abc123.js`;
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('gzips API JSON over 1 KB for a client that accepts it, and leaves small answers as they are', async () => {
    const big = await get(`${s.url}/api/vue/market/instruments?board=listed&limit=100`, { 'accept-encoding': 'gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    const data = JSON.parse(gunzipSync(big.body).toString());
    expect(data.status).toBe(1);
    expect(big.body.length).toBeLessThan(gunzipSync(big.body).length / 2);
    const small = await get(`${s.url}/api/vue/nope`, { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(404);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).msg).toBe('not_found');
    const unasked = await get(`${s.url}/api/vue/market/instruments?board=listed&limit=100`);
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(unasked.body.toString()).status).toBe(1);
  });
});
