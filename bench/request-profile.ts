/**
 * Where a request's CPU goes, per request: `src/server/main.ts` (jobs on, as bench/http.ts runs
 * it) under wrk, recorded by Linux `perf` with V8's perf map (`--perf-basic-prof`, so JIT frames
 * have names), each sample given to the nearest JavaScript frame above it — the runtime's builtins,
 * the kernel's socket and file work and native addons count for the JavaScript that called them.
 * Node's own CPU profiler put a third of such a run on `writev` and almost nothing on JavaScript
 * (docs/decisions/018-request-path-performance.md, "statements outside transactions").
 *
 *   node --import tsx bench/request-profile.ts [path] [frames]
 *
 * `path` defaults to `/api/vue/user/info` (signed in); any other path is requested without a
 * session and expected to answer 404 unless BENCH_EXPECT says otherwise. Needs `perf` (Debian's
 * linux-perf) and permission to record another process.
 */
import { spawn, execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { benchUsers, spawnKabuto, wrk } from './http-harness';

const HZ = 4999;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const path = process.argv[2] ?? '/api/vue/user/info';
const frames = Number(process.argv[3] ?? 30);
const signedIn = path === '/api/vue/user/info';
const expect = Number(process.env.BENCH_EXPECT ?? (signedIn ? 200 : 404));

/** Per sample (perf script's blank-line-separated stacks, leaf first): the nearest JS frame and its file's owner. */
export function attribute(script: string): { samples: number; byFrame: Map<string, number>; byOwner: Map<string, number> } {
  const byFrame = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let samples = 0;
  for (const stack of script.split('\n\n')) {
    const lines = stack
      .split('\n')
      .map((l) => l.trim().replace(/^[0-9a-f]+ /, ''))
      .filter(Boolean);
    if (lines.length === 0) continue;
    samples++;
    const js = lines.find((l) => l.startsWith('JS:'));
    const frame = js ? js.replace(/file:\/\/\/\S*?\/(src|node_modules)\//, '$1/') : lines.some((l) => l.includes('uv__io_poll')) ? '(native, under the event loop)' : '(other threads and start-up)';
    byFrame.set(frame, (byFrame.get(frame) ?? 0) + 1);
    const owner = js ? (/(node_modules\/(?:@[^/]+\/)?[^/]+|src\/server\/[^:]+|node:[\w/]+)/.exec(frame)?.[1] ?? 'other JS') : frame;
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + 1);
  }
  return { samples, byFrame, byOwner };
}

async function main(): Promise<void> {
  process.env.BENCH_KABUTO_NODE_ARGS = `${process.env.BENCH_KABUTO_NODE_ARGS ?? ''} --perf-basic-prof`;
  const k = await spawnKabuto();
  const dir = mkdtempSync(join(tmpdir(), 'kabuto-request-profile-'));
  try {
    const tokens = signedIn ? await benchUsers(k.url, 1) : [];
    await wrk(k.url + path, { connections: 8, seconds: 6, tokens, expect }); // warm: JIT and the first job passes
    const data = join(dir, 'perf.data');
    const perf = spawn('perf', ['record', '-F', String(HZ), '-g', '-p', String(k.child.pid), '-o', data, '--', 'sleep', String(SECONDS)], { stdio: 'ignore' });
    const recorded = new Promise<number | null>((resolve) => perf.once('exit', resolve));
    const load = await wrk(k.url + path, { connections: 8, seconds: SECONDS + 1, tokens, expect });
    if ((await recorded) !== 0) throw new Error('perf record failed (is linux-perf installed, and may this user record other processes?)');
    const { stdout } = await promisify(execFile)('perf', ['script', '-i', data, '-F', 'ip,sym'], { maxBuffer: 1 << 30 });
    const { samples, byFrame, byOwner } = attribute(stdout);
    const requests = load.rps * SECONDS; // wrk ran a second longer than perf recorded, at its mean rate
    const us = (n: number) => ((n / HZ) * 1e6 / requests).toFixed(2).padStart(8);
    console.log(`${path}: ${Math.round(load.rps)} req/s under perf; ${us(samples)} µs of server CPU per request (perf's own cost included)`);
    console.log('\nby owner of the nearest JavaScript frame, µs per request');
    for (const [k2, v] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${us(v)}  ${k2}`);
    console.log('\nby nearest JavaScript frame, µs per request');
    for (const [k2, v] of [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, frames)) console.log(`${us(v)}  ${k2.slice(0, 140)}`);
  } finally {
    await k.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
