// The real server over a built PWA for the browser benches (bench/lighthouse.ts, bench/offline-start.ts):
// embedded SQLite in a temp dir, the demo user (KABUTO_DEMO=1), on a port of the caller's choice.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const CHROMIUM = process.env.KABUTO_CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
export const DEMO = { phone: '09011112222', password: 'kabuto-demo' } as const;

export interface AppServer {
  url: string;
  stop: () => Promise<void>;
}

export async function startAppServer(dist: string, port: number, env: Record<string, string> = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), KABUTO_DATA_DIR: dataDir, KABUTO_DIST_DIR: dist, KABUTO_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (server.exitCode === null) {
      await new Promise<void>((r) => {
        server.once('exit', () => r());
        server.kill('SIGTERM');
        setTimeout(() => server.kill('SIGKILL'), 5000).unref();
      });
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    try {
      const r = await fetch(`${url}/api/vue/common/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"all"}', signal: AbortSignal.timeout(2000) });
      if (r.ok) return { url, stop };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The demo user's session token (POST user/login). */
export async function demoToken(url: string): Promise<string> {
  const r = await fetch(`${url}/api/vue/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO) });
  const body = (await r.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`demo login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * Sign a Playwright page in as the demo user without loading the app: the session goes into
 * localStorage from a same-origin file that is not the app, so nothing of the app is cached before
 * the page under measure loads it.
 */
export async function signInPage(page: import('playwright-core').Page, url: string, token: string): Promise<void> {
  await page.goto(`${url}/icons/logo.svg`);
  await page.evaluate(
    ([t, phone]) => {
      localStorage.setItem('tokend', t!);
      localStorage.setItem('account', phone!);
      localStorage.setItem('language', 'jp');
    },
    [token, DEMO.phone],
  );
}
