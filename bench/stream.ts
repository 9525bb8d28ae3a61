/*
 * Quote-stream fan-out (issue 4; docs/architecture.md, Budgets): N SSE clients (1,000 and 5,000) on one Kabuto
 * server — the real app (Hono, QuoteHub, ReadableStream per client) — against a bare Node `http`
 * SSE server doing the same fan-out in the same run (the baseline). Both are fed by the same hub
 * ticks, so they send the same events; the baseline writes them to its responses with a plain
 * loop. The clients live in a child process (bench/stream-clients.ts). The market clock runs 4×
 * real time from a Tuesday morning (see SPEED). Phases run one after the other on a shared
 * machine, so the 1-minute load average is reported with the figures.
 * Figures: clients held to the end, delivery lag (hub publish → client receipt) p50/p99.
 */
import http from 'node:http';
import { spawn, type ChildProcess } from 'node:child_process';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { serve } from '@hono/node-server';
import { createTestDatabase } from '../tests/support/db';
import { createServices } from '../src/server/services';
import { loadConfig } from '../src/server/platform/config';
import { createApp } from '../src/server/http/app';
import { createLogger } from '../src/server/logger';
import { systemClock, type Clock } from '../src/server/clock';
import { jstMs } from '../src/shared/market';
import type { QuoteHub } from '../src/server/modules/market/hub';
import type { Figure } from './ledger';

const SIZES = (process.env.BENCH_STREAM_SIZES ?? '1000,5000').split(',').map(Number);
const MEASURE_MS = 15_000;
/**
 * Market time runs this many times faster than real time. A simulated quote moves every 15 s of
 * market time, so at 4× each code changes about every 4 s and a client watching 20 codes gets
 * about 5 events a second (27,000 events/s in all for 5,000 clients).
 */
const SPEED = 4;
const CODES_PER_CLIENT = 20;

/** The market clock: from Tuesday 9:05 JST, SPEED × real time. */
function fastClock(): Clock {
  const start = jstMs('2026-11-24', 9, 5);
  const t0 = Date.now();
  return { now: () => start + (Date.now() - t0) * SPEED };
}

/** Each client watches a window of 20 of the 40 hottest codes (a board page), so each code has about N/2 clients. */
function subscriptions(n: number, pool: string[]): string[][] {
  return Array.from({ length: n }, (_, i) => Array.from({ length: CODES_PER_CLIENT }, (_, k) => pool[(i + k) % pool.length]!));
}

/** The baseline: bare http + a Map of responses per code, fed one hub subscription per code. */
function bareServer(hub: QuoteHub): Promise<{ url: string; clients: () => number; close: () => Promise<void> }> {
  const byCode = new Map<string, Set<http.ServerResponse>>();
  const latest = new Map<string, Uint8Array>();
  const upstream: { close(): void }[] = [];
  const feed = (code: string) => {
    const set = new Set<http.ServerResponse>();
    byCode.set(code, set);
    upstream.push(
      hub.subscribe([code], {
        send(chunks) {
          for (const chunk of chunks) {
            if (chunk[0] !== 0x69) continue; // only `id: …` events (not the preamble or heartbeats)
            latest.set(code, chunk);
            for (const res of set) res.write(chunk);
          }
          return true;
        },
        end() {},
      }),
    );
    return set;
  };
  let clients = 0;
  const server = http.createServer((req, res) => {
    const codes = new URL(req.url!, 'http://x').searchParams.get('codes')!.split(',');
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write('retry: 3000\n\n');
    clients++;
    for (const code of codes) {
      (byCode.get(code) ?? feed(code)).add(res);
      res.write(latest.get(code)!);
    }
    res.on('close', () => {
      clients--;
      for (const code of codes) byCode.get(code)?.delete(res);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`,
        clients: () => clients,
        close: () => {
          for (const u of upstream) u.close();
          server.closeAllConnections();
          return new Promise((r) => server.close(() => r()));
        },
      }),
    ),
  );
}

/** The client process, with its file limit raised to the hard limit when the shell allows it. */
function startClients(): Promise<{ child: ChildProcess; ask: (m: object) => Promise<any> }> {
  const file = fileURLToPath(new URL('./stream-clients.ts', import.meta.url));
  const child = spawn('sh', ['-c', 'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" --import tsx "$1"', process.execPath, file], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let waiting: ((v: unknown) => void) | null = null;
  child.on('message', (m) => waiting?.(m));
  const ask = (m: object) =>
    new Promise<any>((resolve) => {
      waiting = resolve;
      if (Object.keys(m).length) child.send(m);
    });
  return ask({}).then(() => ({ child, ask }));
}

async function until(cond: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

export async function benchStream(): Promise<Figure[]> {
  const fileLimit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim()) || 0;
  const db = await createTestDatabase('sqlite');
  const services = createServices({ database: db.database, clock: systemClock, logger: createLogger('silent'), settings: loadConfig({}), marketClock: fastClock() });
  const hub = services.quotes;
  const published = new Map<number, number>();
  hub.onPublish = (seq) => published.set(seq, performance.timeOrigin + performance.now());
  hub.start();
  // Thousands of streams from one address: lift the per-IP cap (src/server/http/market-stream.ts).
  const app = createApp(services, { streamsPerIp: Infinity });
  const server = await new Promise<ReturnType<typeof serve>>((r) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => r(s));
  });
  const kabutoUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vue/market/stream`;
  const bare = await bareServer(hub);
  const pool = services.market.instruments().filter((i) => i.board === 'listed').slice(0, 38).map((i) => i.code).concat(['BTCJPY', 'USDJPY']);
  const { child, ask } = await startClients();
  const figures: Figure[] = [];
  try {
    for (const n of SIZES) {
      const runs: Record<string, { held: number; p50: number; p99: number }> = {};
      for (const [name, url, clients] of [['kabuto', kabutoUrl, () => hub.stats().clients], ['bare_node', bare.url, bare.clients]] as const) {
        const idle = clients(); // the bare server's feeds are hub clients too
        process.stderr.write(`  stream: ${name}, ${n} clients…\n`);
        const opened = await ask({ cmd: 'open', url, codes: subscriptions(n, pool) });
        await ask({ cmd: 'record' });
        published.clear();
        const rss0 = process.memoryUsage().rss;
        await new Promise((r) => setTimeout(r, MEASURE_MS));
        const r = await ask({ cmd: 'report', published: [...published] });
        const rss = process.memoryUsage().rss;
        await ask({ cmd: 'close' });
        await until(() => clients() === idle);
        runs[name] = r;
        const tag = `stream.${name}.${n}`;
        const note = name === 'bare_node' ? 'baseline' : undefined;
        figures.push(
          { name: `${tag}.held`, value: r.held, unit: 'clients', note: `${opened.opened} opened, ${opened.failed} failed in ${opened.ms} ms` },
          { name: `${tag}.lag_p50`, value: r.p50, unit: 'ms', ...(note ? { note } : {}) },
          { name: `${tag}.lag_p99`, value: r.p99, unit: 'ms', ...(note ? { note } : {}) },
          { name: `${tag}.delivered`, value: Math.round((r.events * 1000) / MEASURE_MS), unit: 'events/s' },
          { name: `${tag}.server_rss`, value: Math.round(rss / 2 ** 20), unit: 'MiB', note: `${Math.round((rss - rss0) / 2 ** 20)} MiB grown while measuring` },
          { name: `${tag}.loadavg`, value: +loadavg()[0]!.toFixed(2), unit: 'load (1 min)', note: `${cpus().length} CPUs` },
        );
      }
      figures.push({ name: `stream.${n}.p99_vs_bare`, value: +(runs.kabuto!.p99 / runs.bare_node!.p99).toFixed(2), unit: 'ratio' });
    }
    figures.push({ name: 'stream.file_limit', value: fileLimit, unit: 'fds', note: 'soft limit of the server process' });
  } finally {
    child.send({ cmd: 'exit' });
    child.kill();
    hub.stop();
    await bare.close();
    (server as http.Server).closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await db.dispose();
  }
  return figures;
}
