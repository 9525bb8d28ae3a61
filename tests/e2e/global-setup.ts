import { spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { E2E_SERVER_ENV } from './env';
import { killGroup, ownProcesses } from '../support/processes';

/** The servers this process started (tests/support/processes.ts): a spec that starts its own kills them in its afterAll. */
export const e2eServers = ownProcesses();

/**
 * Build the PWA if dist/ is missing (or KABUTO_E2E_BUILD=1), then start the real server on the port
 * chosen in playwright.config.ts with a fresh data directory. Returns the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const root = resolve('.');
  // KABUTO_E2E_DIST: a build directory of this run's own (several checkouts' runs side by side).
  const dist = resolve(process.env.KABUTO_E2E_DIST || 'dist');
  if (!existsSync(join(dist, 'index.html')) || process.env.KABUTO_E2E_BUILD === '1') {
    console.log(`e2e: building the PWA into ${dist}…`);
    const r = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('e2e: `vite build` failed');
  }

  const port = process.env.KABUTO_E2E_PORT;
  if (!port) throw new Error('e2e: KABUTO_E2E_PORT is not set (playwright.config.ts sets it)');
  const server = await startE2eServer(port, dist);
  return async () => {
    const output = await server.stop();
    if (process.env.KABUTO_E2E_SERVER_LOG === '1') console.log(output);
    else printWarnings(output);
  };
}

/**
 * The real server on `port` over a fresh database in a temp dir, serving the PWA in `dist`, with the
 * e2e environment (env.ts): the run's server, and a fresh install of a spec's own (a first start,
 * e.g. the admin's first setup). `stop()` ends it, removes its data and answers its output. It runs in
 * a process group of its own, killed at the latest when this process exits (tests/support/processes.ts).
 */
export async function startE2eServer(port: string, dist: string): Promise<{ stop(): Promise<string> }> {
  const root = resolve('.');
  const dataDir = mkdtempSync(join(tmpdir(), 'kabuto-e2e-'));
  const server = e2eServers.spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      ...E2E_SERVER_ENV,
      PORT: port,
      KABUTO_DATA_DIR: dataDir,
      KABUTO_DIST_DIR: dist,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      DATABASE_URL: '', // always the embedded SQLite here
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (output += d.toString()));

  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(server, `${baseURL}/api/vue/common/config`, 60_000);
  } catch (err) {
    killGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`e2e: the server did not start: ${(err as Error).message}\n${output}`);
  }

  return {
    async stop() {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
      return output;
    },
  };
}

/**
 * The server's warnings and errors (its JSON log lines; it logs at `warn` here), so that a failed
 * run's output says what the server saw: a job item that failed is logged, not answered. A quiet
 * run prints nothing.
 */
function printWarnings(output: string): void {
  const lines = output.split('\n').filter((l) => l.startsWith('{"level":'));
  if (lines.length === 0) return;
  console.log(`e2e: the server logged ${lines.length} warning(s) or error(s)${lines.length > 40 ? ', the last 40' : ''}:`);
  for (const line of lines.slice(-40)) console.log(line.length > 2000 ? `${line.slice(0, 2000)}…` : line);
}

async function waitUntilUp(server: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'all' }),
        signal: AbortSignal.timeout(2000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const force = setTimeout(() => killGroup(server), 10_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolveStop();
    });
    killGroup(server, 'SIGTERM');
  });
}
