/**
 * The pieces of the HTTP benches (bench/orders.ts, bench/http.ts): Kabuto as it runs in production —
 * `src/server/main.ts` in a process of its own, job runner on — and wrk as the load generator in
 * another, so the client's CPU is not the server's (docs/architecture.md, Budgets).
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { uuidv7 } from 'uuidv7';
import { SoftAuthenticator } from '../tests/support/soft-authenticator';
import { enrolPasskey, envelopeCall, passkeySignIn } from '../tests/support/passkey-session';

const run = promisify(execFile);
export const BENCH_ADMIN = { phone: '09000000001', password: 'admin-pass-123', invite: 'ROOTCODE' } as const;
/**
 * Ports of the bench servers (kept clear of the dev server's 8080). BENCH_PORT_KABUTO and
 * BENCH_PORT_BARE move them, so two benches on one machine do not meet.
 */
export const BENCH_PORTS = {
  kabuto: Number(process.env.BENCH_PORT_KABUTO ?? 18941),
  bare: Number(process.env.BENCH_PORT_BARE ?? 18942),
} as const;

export interface Spawned {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitFor(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${out}`)), 60_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume(); // keep draining: the access log goes to stdout
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}): ${out}`)));
  });
}

function stopper(child: ChildProcess, cleanup: () => void): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    cleanup();
  };
}

/** `src/server/main.ts` on a fresh SQLite data dir (or `databaseUrl`), market always open, jobs on. */
export async function spawnKabuto(opts: { databaseUrl?: string } = {}): Promise<Spawned> {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-bench-http-'));
  // BENCH_KABUTO_NODE_ARGS: extra node flags for the server alone (e.g. `--cpu-prof`, which
  // NODE_OPTIONS refuses), to profile it under the bench's load.
  const nodeArgs = (process.env.BENCH_KABUTO_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(BENCH_PORTS.kabuto),
      KABUTO_DATA_DIR: dir,
      DATABASE_URL: opts.databaseUrl ?? '',
      KABUTO_MARKET_CLOCK: 'always-open',
      KABUTO_ADMIN_PHONE: BENCH_ADMIN.phone,
      KABUTO_ADMIN_PASSWORD: BENCH_ADMIN.password,
      KABUTO_ROOT_INVITE: BENCH_ADMIN.invite,
      KABUTO_DIST_DIR: dir, // no PWA: API only
      LOG_LEVEL: 'info', // the access log stays on, as in production
      KABUTO_TRUST_PROXY: '1', // benchUsers registers each user from an address of its own (10 per IP an hour)
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, /Kabuto is running/, 'kabuto');
  return { url: `http://127.0.0.1:${BENCH_PORTS.kabuto}`, child, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })) };
}

/** A bare Hono app on @hono/node-server (bench/bare-hono.ts): the ceiling of the HTTP stack. */
export async function spawnBareHono(): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-hono.ts'], {
    env: { ...process.env, PORT: String(BENCH_PORTS.bare) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, /listening/, 'bare hono');
  return { url: `http://127.0.0.1:${BENCH_PORTS.bare}`, child, stop: stopper(child, () => {}) };
}

async function call(url: string, method: string, path: string, o: { token?: string; body?: unknown; key?: boolean; ip?: string } = {}) {
  const headers: Record<string, string> = {};
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.token = o.token;
  if (o.key) headers['Idempotency-Key'] = uuidv7();
  const res = await fetch(`${url}/api/vue/${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body) });
  const body = (await res.json()) as { status: number; data: any };
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** `n` users with funds, signed in: their tokens. */
export async function benchUsers(url: string, n: number): Promise<string[]> {
  // Grants are back-office commands: an admin's passkey session (docs/decisions/008-passkeys.md, "Staff").
  const adminKey = new SoftAuthenticator(url);
  await enrolPasskey(envelopeCall(url), BENCH_ADMIN, adminKey);
  const admin = { token: await passkeySignIn(envelopeCall(url), adminKey) };
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const phone = `080${String(20_000_000 + i)}`;
    const password = 'user-pass-123';
    const reg = await call(url, 'post', 'user/register', { body: { phone, password, password2: password, inviteCode: BENCH_ADMIN.invite, agree: true }, ip: `10.0.${i >> 8}.${i & 255}` });
    const info = await call(url, 'get', 'user/info', { token: reg.token });
    await call(url, 'post', `admin/users/${info.id}/grant`, { token: admin.token, key: true, body: { currency: 'JPY', amount: 1_000_000_000_000, reason: 'bench funds' } });
    tokens.push(reg.token);
  }
  return tokens;
}

export interface WrkResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

/**
 * wrk, closed loop, `connections` in flight on one thread. With `orders`, each request is a
 * market buy with an Idempotency-Key of its own, the users' tokens taken in turn.
 */
export async function wrk(url: string, o: { connections: number; seconds: number; tokens?: string[]; order?: unknown; expect?: number }): Promise<WrkResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-wrk-'));
  const script = join(dir, 'script.lua');
  const tokens = JSON.stringify(o.tokens ?? []).replace(/^\[/, '{').replace(/\]$/, '}');
  const expect = o.expect ?? 200;
  writeFileSync(script, `
local tokens = ${tokens}
local n = 0
local body = ${JSON.stringify(o.order ? JSON.stringify(o.order) : '')}
local prefix = string.format("%08x", math.random(0, 0x7fffffff))
request = function()
  n = n + 1
  local h = {}
  if #tokens > 0 then h["token"] = tokens[(n % #tokens) + 1] end
  if body ~= "" then
    h["Content-Type"] = "application/json"
    h["Idempotency-Key"] = prefix .. "-" .. string.format("%012d", n)
    return wrk.format("POST", nil, h, body)
  end
  return wrk.format("GET", nil, h, nil)
end
local bad = 0
response = function(status, headers, body)
  if status ~= ${expect} then
    bad = bad + 1
    if bad < 3 then io.stderr:write(status .. " " .. body .. "\\n") end
  end
end
done = function(summary, latency, requests)
  io.write(string.format("JSON{\\"p50\\":%f,\\"p99\\":%f,\\"requests\\":%d,\\"seconds\\":%f}\\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.requests, summary.duration / 1e6))
end
`);
  try {
    const { stdout, stderr } = await run('wrk', ['-t1', `-c${o.connections}`, `-d${o.seconds}s`, '-s', script, url], { maxBuffer: 1 << 24 });
    if (stderr.trim()) console.error(`  wrk: unexpected answers:\n${stderr.trim().split('\n').slice(0, 4).join('\n')}`);
    const m = /JSON(\{.*\})/.exec(stdout);
    if (!m) throw new Error(`wrk output: ${stdout}`);
    const r = JSON.parse(m[1]!) as { p50: number; p99: number; requests: number; seconds: number };
    const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
    return { rps: r.requests / r.seconds, p50: r.p50, p99: r.p99, requests: r.requests, non2xx };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

