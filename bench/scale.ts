/**
 * `npm run bench scale` (only when named): Kabuto in scale-out mode on this machine
 * (docs/decisions/021-scale-out.md) — PostgreSQL + Redis, 3 API instances (KABUTO_ROLE=api) and 1
 * jobs instance (KABUTO_ROLE=jobs, pg-boss) as `src/server/main.ts` processes, HAProxy in front with
 * the shipped deploy/haproxy.cfg (ports rewritten), everything on loopback ports 18961–18979.
 *
 * A mixed load goes through the balancer (logins, orders with an Idempotency-Key, records,
 * positions) while SSE clients hold quote streams; phases (after a warm-up): steady → one API instance killed with
 * SIGKILL → restarted → recovered. It reports throughput and p99 per phase, what clients saw (a
 * failed attempt is retried with the same Idempotency-Key; only the killed instance's in-flight
 * requests may fail, and their retries must succeed), acknowledged orders missing from the database
 * (must be 0), scheduled job runs per (job, period) from the journal (each exactly 1), a login
 * burst for one phone spread over the instances (still exactly the phone's budget gets through),
 * and the SSE clients' reconnections (each cut stream reconnects to another instance and gets the
 * current quotes again).
 *
 * The load generator runs in this process (its own process, not the servers'); the machine is shared,
 * so absolute figures are noisy — compare the phases of one run with each other.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import type { Figure } from './ledger';
import { onServer } from '../tests/support/db';
import { SoftAuthenticator } from '../tests/support/soft-authenticator';
import { enrolPasskey, envelopeCall, passkeySignIn } from '../tests/support/passkey-session';
import { openDatabase } from '../src/server/db/database';
import { migrate } from '../src/server/db/migrate';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = { lb: 18961, api: [18962, 18963, 18964], jobs: 18965 } as const;
const ADMIN = { phone: '09000000001', password: 'admin-pass-123', invite: 'ROOTCODE' } as const;
const USERS = Number(process.env.BENCH_SCALE_USERS ?? 24);
const WORKERS = Number(process.env.BENCH_SCALE_WORKERS ?? 24);
const STREAMS = Number(process.env.BENCH_SCALE_STREAMS ?? 30);
const PHASE_S = Number(process.env.BENCH_SCALE_SECONDS ?? 10);
const JOB_PERIOD_MS = 2_000;
const LB = `http://127.0.0.1:${PORTS.lb}`;
const STOCKS = ['7203', '6758', '9984', '8306', '6861'];

type Phase = 'warmup' | 'steady' | 'killed' | 'restarting' | 'recovered';

interface Sample {
  phase: Phase;
  kind: string;
  ms: number;
  /** Attempts it took (1 = first try). */
  attempts: number;
  ok: boolean;
  status: number;
}

const samples: Sample[] = [];
let phase: Phase = 'warmup';
let running = true;

function waitForLine(child: ChildProcess, pattern: RegExp, what: string): Promise<void> {
  let out = '';
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start: ${out}`)), 90_000);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code, signal) => reject(new Error(`${what} exited (${code ?? signal}): ${out}`)));
  });
}

interface Instance {
  name: string;
  port: number;
  role: 'api' | 'jobs';
  child: ChildProcess;
}

function spawnInstance(name: string, port: number, role: 'api' | 'jobs', dbUrl: string, prefix: string, dir: string): { inst: Instance; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: dbUrl,
      REDIS_URL,
      KABUTO_REDIS_PREFIX: prefix,
      KABUTO_ROLE: role,
      KABUTO_JOB_PERIOD_MS: String(JOB_PERIOD_MS),
      KABUTO_UPLOADS_DIR: join(dir, 'uploads'),
      KABUTO_DATA_DIR: dir,
      KABUTO_DIST_DIR: dir, // API only: no PWA
      KABUTO_MARKET_CLOCK: 'always-open',
      KABUTO_ADMIN_PHONE: ADMIN.phone,
      KABUTO_ADMIN_PASSWORD: ADMIN.password,
      KABUTO_ROOT_INVITE: ADMIN.invite,
      // The load generator plays a CDN in front of HAProxy: two trusted hops, so each simulated
      // client is known by the X-Forwarded-For address it sends (per-IP limits apply per client).
      KABUTO_TRUST_PROXY: '2',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr?.resume();
  return { inst: { name, port, role, child }, ready: waitForLine(child, /Kabuto is running/, name) };
}

function stop(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  return exited;
}

interface CallResult {
  status: number;
  body: any;
  instance: string | null;
  attempts: number;
}

/**
 * One request through the balancer. A network error or 502/503/504 is retried (up to 5 attempts,
 * 200 ms apart) with the same Idempotency-Key, as the PWA's client does for commands.
 */
async function call(method: string, path: string, o: { token?: string; body?: unknown; idempotent?: boolean; ip?: string; kind?: string; retry?: boolean } = {}): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (o.ip) headers['x-forwarded-for'] = o.ip;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  if (o.token) headers.token = o.token;
  if (o.idempotent) headers['Idempotency-Key'] = randomUUID();
  const t0 = performance.now();
  let attempts = 0;
  let last: CallResult = { status: 0, body: null, instance: null, attempts: 0 };
  const maxAttempts = o.retry === false ? 1 : 5;
  while (attempts < maxAttempts) {
    attempts++;
    try {
      const res = await fetch(`${LB}/api/vue/${path}`, { method, headers, body: o.body === undefined ? undefined : JSON.stringify(o.body), signal: AbortSignal.timeout(15_000) });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // HAProxy's own error pages are HTML
      }
      last = { status: res.status, body, instance: res.headers.get('x-kabuto-instance'), attempts };
      if (res.status !== 502 && res.status !== 503 && res.status !== 504) break;
    } catch {
      last = { status: 0, body: null, instance: null, attempts };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (o.kind) samples.push({ phase, kind: o.kind, ms: performance.now() - t0, attempts, ok: last.status === 200, status: last.status });
  return last;
}

interface User {
  phone: string;
  password: string;
  token: string;
  ip: string;
}

const acknowledged: string[] = [];

async function worker(users: User[], id: number): Promise<void> {
  let i = id;
  while (running) {
    const u = users[i % users.length]!;
    const roll = (i * 7919 + id) % 10;
    i++;
    if (roll < 4) {
      const r = await call('POST', 'trade/orders', {
        token: u.token, ip: u.ip, idempotent: true, kind: 'order',
        body: { code: STOCKS[i % STOCKS.length], direction: 'up', type: 'market', lots: 1, leverage: 1 },
      });
      if (r.status === 200 && r.body?.data?.id) acknowledged.push(r.body.data.id as string);
    } else if (roll < 7) {
      await call('GET', 'funds/records?limit=20', { token: u.token, ip: u.ip, kind: 'records' });
    } else if (roll < 9) {
      await call('GET', 'trade/positions', { token: u.token, ip: u.ip, kind: 'positions' });
    } else {
      await call('POST', 'user/login', { ip: u.ip, body: { phone: u.phone, password: u.password }, kind: 'login' });
    }
  }
}

interface StreamStats {
  events: number;
  connects: number;
  /** Reconnections that received the current quotes again (the snapshot) on the new connection. */
  resumed: number;
  cut: number;
  instances: Set<string>;
}

async function streamClient(n: number, stats: StreamStats, stopSignal: AbortSignal): Promise<void> {
  let lastId: string | null = null;
  let reconnecting = false;
  while (!stopSignal.aborted) {
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', 'x-forwarded-for': `10.9.${n >> 8}.${n & 255}` };
      if (lastId) headers['last-event-id'] = lastId;
      const res = await fetch(`${LB}/api/vue/market/stream?codes=${STOCKS.join(',')}`, { headers, signal: stopSignal });
      if (res.status !== 200 || !res.body) {
        await res.body?.cancel();
        await new Promise((r) => setTimeout(r, 300));
        continue;
      }
      stats.connects++;
      const inst = res.headers.get('x-kabuto-instance');
      if (inst) stats.instances.add(inst);
      const reader = res.body.getReader();
      const dec = new TextDecoder();
      let buf = '';
      let gotSnapshot = false;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buf += dec.decode(value, { stream: true });
        let at: number;
        while ((at = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, at);
          buf = buf.slice(at + 2);
          if (/^event: quote$/m.test(block)) {
            stats.events++;
            const id = /^id: (.+)$/m.exec(block)?.[1];
            if (id) lastId = id;
            if (!gotSnapshot) {
              gotSnapshot = true;
              if (reconnecting) {
                stats.resumed++;
                reconnecting = false;
              }
            }
          }
        }
      }
    } catch {
      // cut (the instance died) or stopped
    }
    if (stopSignal.aborted) break;
    stats.cut++;
    reconnecting = true;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** HAProxy's counters (`show stat` on its admin socket): row `svname` of backend kabuto_api. */
async function haproxyStats(socket: string): Promise<Map<string, Record<string, string>>> {
  const csv = await new Promise<string>((resolve, reject) => {
    let out = '';
    const c = connect(socket, () => c.write('show stat\n'));
    c.on('data', (b) => (out += b.toString()));
    c.on('end', () => resolve(out));
    c.on('error', reject);
  });
  const [head, ...rows] = csv.trim().split('\n');
  const cols = head!.replace(/^# /, '').split(',');
  const byServer = new Map<string, Record<string, string>>();
  for (const row of rows) {
    const v = row.split(',');
    if (v[0] !== 'kabuto_api') continue;
    byServer.set(v[1]!, Object.fromEntries(cols.map((c, k) => [c, v[k] ?? ''])));
  }
  return byServer;
}

function pct(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

export async function benchScale(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const push = (name: string, value: number, unit: string, note?: string) => figures.push({ name, value: +value.toFixed(unit === 'ms' || unit === 'ratio' ? 1 : 0), unit, note });

  const dir = mkdtempSync(join(tmpdir(), 'kabuto-scale-'));
  const dbName = `kabuto_scale_${randomBytes(4).toString('hex')}`;
  const prefix = `kabuto-scale-${randomBytes(4).toString('hex')}:`;
  const own = new URL(PG_URL);
  own.pathname = `/${dbName}`;
  const dbUrl = own.href;
  const instances: Instance[] = [];
  let haproxy: ChildProcess | null = null;
  const streamsStop = new AbortController();
  const redis = new Redis(REDIS_URL);
  /** Per-IP stream slots in Redis that have not expired. */
  const openSlots = async () => {
    let open = 0;
    for (const k of await redis.keys(`${prefix}slots:*`)) open += await redis.zcount(k, `(${Date.now()}`, '+inf');
    return open;
  };
  try {
    await onServer(PG_URL, `CREATE DATABASE ${dbName}`);
    const m = openDatabase({ kind: 'postgres', url: dbUrl });
    await migrate(m);
    await m.close();

    // The jobs instance, then the three API instances at once (bootstrap takes turns under a lock).
    const t0 = performance.now();
    const jobs = spawnInstance('jobs', PORTS.jobs, 'jobs', dbUrl, prefix, dir);
    const apis = PORTS.api.map((port, k) => spawnInstance(`api${k + 1}`, port, 'api', dbUrl, prefix, dir));
    await Promise.all([jobs.ready, ...apis.map((a) => a.ready)]);
    instances.push(jobs.inst, ...apis.map((a) => a.inst));
    push('scale.start_4_instances', performance.now() - t0, 'ms', '3 api + 1 jobs, started together on one PostgreSQL');

    // HAProxy with the shipped configuration, ports rewritten for this run.
    const cfg = readFileSync('deploy/haproxy.cfg', 'utf8')
      .replace(/^global\n/m, `global\n    stats socket ${join(dir, 'haproxy.sock')} mode 600 level admin\n`)
      .replace('bind 127.0.0.1:8080', `bind 127.0.0.1:${PORTS.lb}`)
      .replace(/server api(\d) 127\.0\.0\.1:808\d/g, (_m, k: string) => `server api${k} 127.0.0.1:${PORTS.api[Number(k) - 1]}`);
    writeFileSync(join(dir, 'haproxy.cfg'), cfg);
    haproxy = spawn('haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let haproxyLog = '';
    haproxy.stderr?.on('data', (b: Buffer) => (haproxyLog += b.toString()));
    let up = false;
    for (let k = 0; k < 50 && !up; k++) {
      up = await fetch(`${LB}/api/vue/common/config`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"type":"all"}' }).then((r) => r.ok, () => false);
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    if (!up) throw new Error(`HAProxy did not come up: ${haproxyLog}`);

    // Users with funds, each with an address of its own.
    // Grants are back-office commands: an admin's passkey session (docs/decisions/008-passkeys.md, "Staff").
    const adminKey = new SoftAuthenticator(LB);
    await enrolPasskey(envelopeCall(LB), ADMIN, adminKey);
    const adminToken = await passkeySignIn(envelopeCall(LB), adminKey);
    const users: User[] = [];
    for (let k = 0; k < USERS; k++) {
      const phone = `080${String(30_000_000 + k)}`;
      const password = 'user-pass-123';
      const ip = `10.1.${k >> 8}.${k & 255}`;
      const reg = await call('POST', 'user/register', { ip, body: { phone, password, password2: password, inviteCode: ADMIN.invite, agree: true } });
      if (reg.status !== 200) throw new Error(`register: ${JSON.stringify(reg.body)}`);
      const info = await call('GET', 'user/info', { token: reg.body.data.token, ip });
      await call('POST', `admin/users/${info.body.data.id}/grant`, { token: adminToken, ip: '10.8.0.1', idempotent: true, body: { currency: 'JPY', amount: 1_000_000_000_000, reason: 'bench funds' } });
      users.push({ phone, password, token: reg.body.data.token, ip });
    }

    // SSE clients and the load.
    const stats: StreamStats = { events: 0, connects: 0, resumed: 0, cut: 0, instances: new Set() };
    const streams = Array.from({ length: STREAMS }, (_, n) => streamClient(n, stats, streamsStop.signal));
    const loadStart = Date.now();
    const workers = Array.from({ length: WORKERS }, (_, k) => worker(users, k));
    const marks: Record<Phase, [number, number]> = { warmup: [0, 0], steady: [0, 0], killed: [0, 0], restarting: [0, 0], recovered: [0, 0] };
    const sleep = (s: number) => new Promise((r) => setTimeout(r, s * 1000));

    // Warm-up (JIT, pools, caches) is left out of the figures.
    await sleep(PHASE_S / 2);
    phase = 'steady';
    marks.steady[0] = performance.now();
    await sleep(PHASE_S);
    marks.steady[1] = performance.now();

    // Kill api1 mid-load: no shutdown, its in-flight requests and streams are cut.
    const victim = instances.find((x) => x.name === 'api1')!;
    phase = 'killed';
    marks.killed[0] = performance.now();
    const streamsBefore = stats.cut;
    const killedAt = Date.now();
    await stop(victim.child, 'SIGKILL');
    await sleep(PHASE_S / 2);
    marks.killed[1] = performance.now();
    const slotsWhileDead = await openSlots();

    phase = 'restarting';
    marks.restarting[0] = performance.now();
    const again = spawnInstance('api1', victim.port, 'api', dbUrl, prefix, dir);
    await again.ready;
    victim.child = again.inst.child;
    push('scale.restart_ms', performance.now() - marks.restarting[0], 'ms', 'api1 back (start to listening)');
    await sleep(2.5); // HAProxy puts it back after 2 good checks, 1 s apart
    marks.restarting[1] = performance.now();

    phase = 'recovered';
    marks.recovered[0] = performance.now();
    await sleep(PHASE_S);
    marks.recovered[1] = performance.now();
    running = false;
    await Promise.all(workers);
    const loadEnd = Date.now();

    // Per phase: throughput, latency, what clients saw.
    for (const p of ['steady', 'killed', 'restarting', 'recovered'] as const) {
      const s = samples.filter((x) => x.phase === p);
      const secs = (marks[p][1] - marks[p][0]) / 1000;
      const retried = s.filter((x) => x.attempts > 1);
      push(`scale.${p}.requests_per_s`, s.length / secs, 'req/s', `${s.length} requests in ${secs.toFixed(1)} s`);
      push(`scale.${p}.p50`, pct(s.map((x) => x.ms), 50), 'ms');
      push(`scale.${p}.p99`, pct(s.map((x) => x.ms), 99), 'ms', 'including retries');
      push(`scale.${p}.first_attempt_failures`, retried.length, 'requests', retried.length ? `retried: ${[...new Set(retried.map((x) => x.kind))].join(', ')}` : undefined);
      push(`scale.${p}.failed_after_retries`, s.filter((x) => !x.ok && x.kind !== 'login').length + s.filter((x) => x.kind === 'login' && x.status !== 200).length, 'requests');
    }
    const steadyRps = samples.filter((x) => x.phase === 'steady').length / ((marks.steady[1] - marks.steady[0]) / 1000);
    const recRps = samples.filter((x) => x.phase === 'recovered').length / ((marks.recovered[1] - marks.recovered[0]) / 1000);
    push('scale.recovered_vs_steady', recRps / steadyRps, 'ratio', 'throughput after the restart ÷ before the kill');

    // What the balancer absorbed: connection errors and empty replies of the killed instance, and the
    // retries / redispatches that sent those requests to another instance.
    const hs = await haproxyStats(join(dir, 'haproxy.sock'));
    const be = hs.get('BACKEND');
    const a1 = hs.get('api1');
    if (be && a1) {
      push('scale.haproxy.api1_errors', Number(a1.econ || 0) + Number(a1.eresp || 0), 'requests', `connection errors ${a1.econ || 0}, response errors ${a1.eresp || 0} (in flight on api1 or sent while it was down)`);
      push('scale.haproxy.retries', Number(be.wretr || 0), 'requests', `redispatched to another instance: ${be.wredis || 0}`);
      push('scale.haproxy.api1_down_checks', Number(a1.chkdown || 0), 'transitions', `api1 marked down by health checks; downtime ${a1.downtime || 0} s`);
      push('scale.haproxy.5xx_to_clients', Number(be.hrsp_5xx || 0), 'responses', 'answered 5xx by the balancer or an instance (clients retried these)');
    }

    // Acknowledged orders all in the database.
    const check = new pg.Client({ connectionString: dbUrl });
    await check.connect();
    try {
      const found = await check.query<{ n: string }>('select count(*) as n from trade_position where id = any($1::text[])', [acknowledged]);
      push('scale.orders_acknowledged', acknowledged.length, 'orders');
      push('scale.orders_acknowledged_missing', acknowledged.length - Number(found.rows[0]!.n), 'orders', 'must be 0');
      // Every order request was answered (or counted as failed): positions beyond the acknowledged
      // ones would be a command applied twice (a replay by the balancer or a client retry).
      const all = await check.query<{ n: string }>('select count(*) as n from trade_position');
      const unanswered = samples.filter((x) => x.kind === 'order' && !x.ok).length;
      push('scale.orders_applied_twice', Number(all.rows[0]!.n) - acknowledged.length - unanswered, 'orders', `positions in the database − acknowledged orders − ${unanswered} unacknowledged; must be 0`);

      // Scheduled jobs: every (job, period) of the run exactly once, whichever instance ran it.
      const runs = await check.query<{ job: string; period: string; runs: string }>('select job, period, count(*) as runs from job_run group by job, period');
      const periods = new Set(runs.rows.map((r) => r.period));
      const jobsNamed = new Set(runs.rows.map((r) => r.job));
      const loadPeriods = Math.floor(loadEnd / JOB_PERIOD_MS) - Math.floor(loadStart / JOB_PERIOD_MS) + 1;
      push('scale.job_periods_run', periods.size, 'periods', `${jobsNamed.size} handlers each; ~${loadPeriods} periods of ${JOB_PERIOD_MS} ms during the load`);
      push('scale.job_runs_journaled', runs.rows.length, '(job, period)');
      push('scale.job_runs_not_exactly_once', runs.rows.filter((r) => Number(r.runs) !== 1).length, '(job, period)', 'must be 0');
      const incomplete = [...periods].filter((p) => runs.rows.filter((r) => r.period === p).length !== jobsNamed.size).length;
      push('scale.job_periods_incomplete', incomplete, 'periods', 'a period with some handler missing (0 expected)');
    } finally {
      await check.end();
    }

    // A login burst for one phone, spread over the instances by the balancer.
    const burstPhone = '08039999999';
    await call('POST', 'user/register', { ip: '10.7.0.1', body: { phone: burstPhone, password: 'burst-pass-123', password2: 'burst-pass-123', inviteCode: ADMIN.invite, agree: true } });
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, k) => call('POST', 'user/login', { ip: `10.6.0.${k + 1}`, body: { phone: burstPhone, password: 'wrong-pass-000' }, retry: false })),
    );
    const checked = burst.filter((r) => r.body?.msg === 'phone_or_password_incorrect').length;
    const limited = burst.filter((r) => r.status === 429).length;
    const spread = new Set(burst.map((r) => r.instance).filter(Boolean));
    push('scale.login_burst_checked', checked, 'of 30', `phone budget 5; answered by ${spread.size} instances (${[...spread].sort().join(', ')}); ${limited} refused 429`);

    // Streams.
    streamsStop.abort();
    await Promise.allSettled(streams);
    push('scale.sse_clients', STREAMS, 'clients', `served by ${[...stats.instances].sort().join(', ')}`);
    push('scale.sse_quote_events', stats.events, 'events');
    push('scale.sse_cut_by_kill', stats.cut - streamsBefore, 'streams', 'streams of the killed instance (and any other cut)');
    push('scale.sse_reconnected_and_resumed', stats.resumed, 'streams', 'reconnected elsewhere and got the current quotes again');

    // Per-IP stream slots in Redis: while api1 was dead, its streams' slots were still counted next
    // to their reconnections; closed streams free theirs at once, the dead instance's expire (30 s
    // after its last heartbeat).
    push('scale.stream_slots_while_dead', slotsWhileDead, 'slots', `${STREAMS} open streams + the killed instance’s unreleased slots`);
    await new Promise((r) => setTimeout(r, 1_000));
    push('scale.stream_slots_after_close', await openSlots(), 'slots', `1 s after every client closed, ${((Date.now() - killedAt) / 1000).toFixed(0)} s after the kill`);
  } finally {
    running = false;
    streamsStop.abort();
    redis.disconnect();
    if (haproxy) await stop(haproxy);
    await Promise.all(instances.map((x) => stop(x.child)));
    await onServer(PG_URL, `DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`).catch(() => [] as string[]);
    if (keys.length) await r.del(...keys).catch(() => undefined);
    r.disconnect();
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
