/**
 * A diagnostic, not a figure of `npm run bench`: the main-thread tasks of Lighthouse's own trace of
 * one page (docs/decisions/020-first-load-and-prerender.md, "the chart in tasks of its
 * own"). Lighthouse's simulated TBT multiplies the tasks it observed unthrottled by its CPU slowdown
 * (4×), so a task over 12.5 ms here is a long task there. Each is printed with its wall and CPU
 * time (the difference is time the main thread waited for a core), its start (ms after navigation)
 * and the trace events at its top: which script's function, a timer, module evaluation, style and
 * layout; a task with none of those, with the longest events inside it. The Lighthouse run is the
 * bench's (bench/lighthouse.ts), signed in as the demo user.
 *
 *   node --import tsx bench/lighthouse-tasks.ts [dist] ['/#/market/stockDetail?code=7203'] [minMs=12.5]
 */
import { resolve } from 'node:path';
import { demoToken, startAppServer } from './app-server';
import { LIGHTHOUSE_PAGES, auditRun } from './lighthouse';
import { blockingFromTrace, pageMainThread, type TraceEvent } from './trace-events';


const [dist = 'dist', path = '/#/market/stockDetail?code=7203', min = '12.5'] = process.argv.slice(2);
const MIN_US = Number(min) * 1000;
/** Events that say what a task ran. */
const TOP = new Set(['FunctionCall', 'EvaluateScript', 'v8.evaluateModule', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'Layout', 'UpdateLayoutTree', 'ParseHTML']);

const server = await startAppServer(resolve(dist), Number(process.env.BENCH_PORT) || 18956);
try {
  const signedIn = LIGHTHOUSE_PAGES.find((p) => p.path === path)?.signedIn ?? !path.startsWith('/#/login');
  const run = await auditRun(server.url, path, signedIn ? await demoToken(server.url) : null, ['performance']);
  const events: TraceEvent[] = run.artifacts.Trace.traceEvents;
  const { fcp, onMain } = pageMainThread(events);
  // The page's own navigation: the last main-frame start of a document of the app before its first paint.
  const nav = events
    .filter((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.ts <= fcp.ts && (e.args.data.documentLoaderURL ?? '').startsWith(server.url))
    .pop() ?? { ts: fcp.ts };
  const ms = (us: number) => (us / 1000).toFixed(1);
  const lhr = run.lhr;
  const byTrace = blockingFromTrace(events, Number(lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? 4));
  console.log(
    `performance ${Math.round(lhr.categories.performance.score * 100)}, TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} ms ` +
      `(the trace's tasks after FCP: ${byTrace.wallMs} ms by wall time, ${byTrace.cpuMs} ms by CPU time); FCP @${ms(fcp.ts - nav.ts)} ms; tasks ≥ ${min} ms (wall / CPU):`,
  );
  const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= MIN_US && e.ts >= nav.ts).sort((a, b) => a.ts - b.ts);
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const parts = events
      .filter((e) => onMain(e) && e.ph === 'X' && TOP.has(e.name) && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 500)
      .map((e) => {
        const fn = e.args?.data?.functionName ? `:${e.args.data.functionName}` : '';
        const url = e.args?.data?.url ? `@${e.args.data.url.replace(/^https?:\/\/[^/]+/, '')}` : '';
        return `${e.name}${fn}${url} ${ms(e.dur!)}`;
      });
    if (parts.length === 0) {
      // Nothing named at the top: the longest events inside, whatever they are (GC, compile, microtasks, style sheets).
      const inside = events
        .filter((e) => onMain(e) && e.ph === 'X' && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) >= 500)
        .sort((a, b) => b.dur! - a.dur!)
        .slice(0, 5)
        .map((e) => `${e.name}${e.args?.data?.url ? `@${String(e.args.data.url).replace(/^https?:\/\/[^/]+/, '')}` : ''} ${ms(e.dur!)}`);
      parts.push(...inside.map((x) => `[${x}]`));
    }
    const after = task.ts >= fcp.ts ? '' : ' (before FCP)';
    console.log(`  ${ms(task.dur!)} / ${ms(task.tdur ?? 0)} ms @${ms(task.ts - nav.ts)}${after}: ${[...new Set(parts)].slice(0, 6).join(' | ') || '(no script, timer or layout event inside)'}`);
  }
} finally {
  await server.stop();
}
