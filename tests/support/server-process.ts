import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { OwnedProcesses } from './processes';

/**
 * The real server as a child process (`src/server/main.ts` on an embedded SQLite file), for the
 * tests that kill it with SIGKILL (crash-kill9, plans-kill9). It is owned by the caller's process
 * group (tests/support/processes.ts), so a failed or timed-out test does not leave it running.
 */

/** A port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on `port` with its data in `dataDir` (API only: no PostgreSQL, no Redis) and
 * `env` on top, and resolves once it answers a request; rejects with its output if it exits or
 * does not answer within 45 s.
 */
export async function startServerProcess(processes: OwnedProcesses, port: number, dataDir: string, env: Record<string, string>): Promise<ChildProcess> {
  const proc = processes.spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      KABUTO_DATA_DIR: dataDir,
      KABUTO_DIST_DIR: dataDir, // API only
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}):\n${output}`);
    try {
      const r = await fetch(`http://127.0.0.1:${port}/api/vue/common/config`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"all"}', signal: AbortSignal.timeout(2000),
      });
      if (r.ok) return proc;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One API call answering the envelope's data; throws on a refusal. */
export async function callServer(base: string, method: string, path: string, o: { token?: string; body?: unknown; key?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (o.token) headers.token = o.token;
  if (o.key) headers['Idempotency-Key'] = o.key;
  const res = await fetch(`${base}/api/vue/${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const body = (await res.json()) as { status: number; msg: string; data: any };
  if (body.status !== 1) throw new Error(`${method} ${path}: ${res.status} ${body.msg}`);
  return body.data;
}
