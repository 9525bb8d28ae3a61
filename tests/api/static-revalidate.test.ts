import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../support/server';

/**
 * What must be revalidated stays revalidated when its brotli copy is sent (src/server/http/static.ts,
 * docs/decisions/020-first-load-and-prerender.md): index.html, the app's entry with its stable name
 * (app.js) and the service worker say no-cache; hashed assets are immutable.
 */
describe('static files: revalidation with precompressed copies', () => {
  let s: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'kabuto-dist-'));
    mkdirSync(join(dist, 'assets'));
    const files: Record<string, string> = {
      'index.html': `<!doctype html><title>Kabuto</title>${'<p>shell</p>'.repeat(200)}`,
      'app.js': `console.log(${JSON.stringify('app '.repeat(400))});`,
      'sw.js': 'self.addEventListener("install", () => {});',
      'assets/x-abc123.js': `console.log(${JSON.stringify('x '.repeat(400))});`,
    };
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dist, name), text);
      writeFileSync(join(dist, `${name}.br`), brotliCompressSync(text));
    }
    s = await startTestServer({ dialect: 'sqlite', app: { distDir: dist } });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it.each([
    ['/', 'no-cache'],
    ['/index.html', 'no-cache'],
    ['/app.js', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/assets/x-abc123.js', 'public, max-age=31536000, immutable'],
  ])('%s → %s', async (path, cacheControl) => {
    const res = await fetch(`${s.url}${path}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe(cacheControl);
    await res.arrayBuffer();
  });
});
