/**
 * Open-loop load generator for `POST trade/orders`, run in a process of its own (bench/orders.ts
 * spawns it): orders are sent on a fixed schedule — order i at start + i/rate — whatever the
 * server's pace, and each latency is measured from its *scheduled* send time, so a stalled server
 * shows as the queue it builds up (no coordinated omission, the fault of a closed-loop wrk figure).
 * The budget it checks: p99 ≤ 10 ms at 1,000 orders/s offered (docs/architecture.md, Budgets).
 *
 * Input (JSON in argv[2]): { url, tokens, order, rate, seconds, connections, expect?, warmup? } — `expect`
 * (default 200) is the status counted as an answer; pointing it at bare Hono's 404 (expect 404)
 * calibrates the generator itself on this machine.
 * Output: one line `JSON{...}` with offered/completed rates, p50/p99/max in ms and failures.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';

interface Input {
  url: string;
  tokens: string[];
  order: unknown;
  rate: number;
  seconds: number;
  connections: number;
  expect?: number;
  /** Seconds sent at the same rate before `seconds`, not counted (both processes' JIT). Default 1. */
  warmup?: number;
  /** A file to write each counted order's scheduled send (ms from the start) and latency to, as CSV. */
  trace?: string;
}

const input = JSON.parse(process.argv[2] ?? '{}') as Input;
const target = new URL(input.url);
const agent = new http.Agent({ keepAlive: true, maxSockets: input.connections, maxFreeSockets: input.connections });
const body = Buffer.from(JSON.stringify(input.order));
const prefix = randomBytes(4).toString('hex');
const warm = Math.round(input.rate * (input.warmup ?? 1));
const total = warm + Math.round(input.rate * input.seconds);
const latencies: number[] = [];
const trace: string[] = [];
let origin = 0;
let failures = 0;
let firstFailure = '';
let done = 0;

function send(i: number, scheduled: number, finish: () => void): void {
  const req = http.request(
    {
      agent,
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': body.length,
        token: input.tokens[i % input.tokens.length]!,
        'idempotency-key': `${prefix}-${String(i).padStart(12, '0')}`,
      },
    },
    (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const ms = performance.now() - scheduled;
        if (res.statusCode === (input.expect ?? 200)) {
          if (i >= warm) {
            latencies.push(ms);
            if (input.trace) trace.push(`${(scheduled - origin).toFixed(1)},${ms.toFixed(2)}`);
          }
        }
        else {
          failures++;
          if (!firstFailure) firstFailure = `${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 200)}`;
        }
        finish();
      });
    },
  );
  req.on('error', (e) => {
    failures++;
    if (!firstFailure) firstFailure = String(e);
    finish();
  });
  req.end(body);
}

await new Promise<void>((resolve) => {
  const start = performance.now() + 5;
  origin = start + (warm * 1000) / input.rate;
  let next = 0;
  const finish = () => {
    if (++done === total) resolve();
  };
  // A 1 ms tick sends every order whose time has come; the latency clock starts at the schedule,
  // not at the tick, so the timer's own lateness is counted against the server too (pessimistic).
  const tick = setInterval(() => {
    const now = performance.now();
    while (next < total && start + (next * 1000) / input.rate <= now) {
      send(next, start + (next * 1000) / input.rate, finish);
      next++;
    }
    if (next >= total) clearInterval(tick);
  }, 1);
});

// The first counted send's wall-clock time heads the trace, to line it up with the server's own logs.
if (input.trace) writeFileSync(input.trace, `# origin ${new Date(Date.now() - (performance.now() - origin)).toISOString()}\nsent_ms,latency_ms\n${trace.join('\n')}\n`);
latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
agent.destroy();
console.log(
  `JSON${JSON.stringify({ offered: input.rate, sent: total - warm, ok: latencies.length, failures, firstFailure, p50: pct(50), p99: pct(99), max: latencies.at(-1) ?? NaN })}`,
);
