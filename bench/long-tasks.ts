/**
 * A diagnostic, not a figure of `npm run bench`: the long main-thread tasks of one page load and
 * what ran in each (docs/decisions/020-first-load-and-prerender.md, "Intl off the first render").
 * Debian's Chromium at 4× CPU (CDP throttling, as Lighthouse's multiplier), signed in as the demo
 * user; a CPU profile's samples are placed in the trace's RunTask events by timestamp, so each task
 * over 50 ms after the first contentful paint is listed with its hottest functions and the app
 * code under it. Build without minification for readable names:
 *
 *   npx vite build --outDir /tmp/dist-nomin --minify false
 *   node --import tsx bench/long-tasks.ts /tmp/dist-nomin '/#/market/stockDetail?code=7203' [quiet]
 *
 * `quiet` prints the summary line alone (tasks, their blocking time, the main thread's busy time).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, demoToken, signInPage, startAppServer } from './app-server';
import type { TraceEvent } from './trace-events';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Profile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const LONG_US = 50_000;
const [dist = 'dist', path = '/#/market/stockDetail?code=7203', mode] = process.argv.slice(2);

/** The page load's trace events and CPU profile, at 4× CPU, signed in as the demo user. */
async function record(): Promise<{ events: TraceEvent[]; profile: Profile }> {
  const server = await startAppServer(dist, Number(process.env.BENCH_PORT) || 18978);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const token = await demoToken(server.url);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInPage(page, server.url, token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const complete = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading,v8,disabled-by-default-v8.compile', transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    await page.goto(`${server.url}${path}`);
    await page.waitForTimeout(6_000);
    // The trace ends first: stopping the profiler serializes the profile on the main thread, a task
    // of 70–130 ms at 4× that is the recording's, not the page's.
    await cdp.send('Tracing.end');
    await complete;
    const { profile } = await cdp.send('Profiler.stop');
    // $KABUTO_LONG_TASKS_PROFILE: also write the CPU profile there (a .cpuprofile DevTools opens).
    if (process.env.KABUTO_LONG_TASKS_PROFILE) writeFileSync(process.env.KABUTO_LONG_TASKS_PROFILE, JSON.stringify(profile));
    return { events, profile: profile as Profile };
  } finally {
    await browser.close();
    await server.stop();
  }
}

const { events, profile } = await record();
const mainThread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'RunTask'));
if (!mainThread) throw new Error('no renderer main thread in the trace');
const onMain = (e: TraceEvent) => e.pid === mainThread.pid && e.tid === mainThread.tid;
const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e));
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === mainThread.pid);
const start = events.find((e) => e.name === 'navigationStart' && e.pid === mainThread.pid && e.args?.data?.isLoadingMainFrame)?.ts ?? tasks[0]!.ts;
const long = tasks.filter((t) => t.dur! >= LONG_US && (!fcp || t.ts + t.dur! > fcp.ts));
const blocking = long.reduce((sum, t) => sum + (t.dur! - LONG_US) / 1000, 0);
const busy = tasks.filter((t) => t.ts >= start).reduce((sum, t) => sum + t.dur! / 1000, 0);
const ms = (us: number) => (us / 1000).toFixed(0);
/** Of timed events sorted by start, those not inside an earlier one (nested events are part of their parent's time). */
function outermost(list: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  let reach = -Infinity;
  for (const e of list) {
    if (e.ts < reach) continue;
    out.push(e);
    reach = e.ts + (e.dur ?? 0);
  }
  return out;
}
const byStart = (a: TraceEvent, b: TraceEvent) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0);
// V8's compiling on the main thread (a function compiled on its first call, a script or module
// compiled before it runs), outermost events only: what streaming compilation did not take away.
const compileKinds = new Map<string, number>();
for (const e of outermost(events.filter((x) => x.ph === 'X' && onMain(x) && /compile/i.test(x.name) && x.ts >= start).sort(byStart))) {
  compileKinds.set(e.name, (compileKinds.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
}
const compiling = [...compileKinds.values()].reduce((a, b) => a + b, 0);
// Layout on the main thread (forced or in a frame): what CSS containment and content-visibility save.
const layout = events.filter((e) => e.ph === 'X' && onMain(e) && e.name === 'Layout' && e.ts >= start).reduce((sum, e) => sum + (e.dur ?? 0) / 1000, 0);
console.log(
  `FCP ${fcp ? ms(fcp.ts - start) : '?'} ms; tasks ≥ 50 ms after FCP: ${long.length}; blocking ${blocking.toFixed(0)} ms; main-thread busy ${busy.toFixed(0)} ms, compiling ${compiling.toFixed(0)} ms, layout ${layout.toFixed(0)} ms`,
);
if (mode !== 'quiet') console.log(`compiling by kind: ${[...compileKinds].map(([k, v]) => `${k} ${v.toFixed(0)} ms`).join(', ')}`);

/**
 * The task's time by the trace events directly inside it (EvaluateScript, FunctionCall, Layout,
 * UpdateLayoutTree, v8.compile…): what a profile's "(program)" samples were doing.
 */
function traceParts(task: TraceEvent): string {
  const end = task.ts + task.dur!;
  const inside = events.filter((e) => e.ph === 'X' && onMain(e) && e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 0).sort(byStart);
  const byName = new Map<string, number>();
  for (const e of outermost(inside)) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur!);
  return [...byName].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, us]) => `${name} ${ms(us)} ms`).join(', ');
}

if (mode !== 'quiet') {
  // Each sample at its time (the profile and the trace share Chromium's monotonic clock).
  const node = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const samples: { ts: number; id: number }[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => samples.push({ ts: (ts += profile.timeDeltas[i]!), id }));
  const label = (cf: CallFrame) => `${cf.functionName || '(anon)'} ${cf.url.replace(/^https?:\/\/[^/]+/, '')}:${cf.lineNumber}`;
  const appCode = (cf: CallFrame) => cf.url.includes('/assets/') && !cf.url.includes('framework');
  const count = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

  for (const task of [...long].sort((a, b) => b.dur! - a.dur!).slice(0, 8)) {
    const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur!);
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (const s of inTask) {
      count(self, label(node.get(s.id)!.callFrame));
      const seen = new Set<string>();
      for (let id: number | undefined = s.id; id !== undefined; id = parent.get(id)) {
        const cf = node.get(id)!.callFrame;
        const k = label(cf);
        if (!appCode(cf) || seen.has(k)) continue;
        count(inclusive, k);
        seen.add(k);
      }
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${Math.round((100 * v) / Math.max(1, inTask.length))}% ${k}`).join('\n      ');
    console.log(`\n${ms(task.dur!)} ms @${ms(task.ts - start)} (${inTask.length} samples)\n   self: ${top(self, 6)}\n   app code (inclusive): ${top(inclusive, 8)}`);
    console.log(`   trace: ${traceParts(task)}`);
  }
}
