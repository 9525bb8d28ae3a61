/**
 * A Chrome trace event as the diagnostics read them (bench/long-tasks.ts from a CDP trace,
 * bench/lighthouse-tasks.ts from Lighthouse's): only the fields they use.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time inside the event (Chrome records it for top-level tasks). */
  tdur?: number;
  args?: { name?: string; data?: { functionName?: string; url?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** The page's first contentful paint and its renderer's main thread, in Lighthouse's trace. */
export function pageMainThread(events: TraceEvent[]): { fcp: TraceEvent; onMain: (e: TraceEvent) => boolean } {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === fcp.pid);
  if (!main) throw new Error("no renderer main thread for the page's process");
  return { fcp, onMain: (e) => e.pid === main.pid && e.tid === main.tid };
}

/**
 * The page's main-thread tasks after its first contentful paint in Lighthouse's trace, with Lighthouse's
 * own rule for blocking time applied twice (docs/decisions/020-first-load-and-prerender.md,
 * "the page's CPU time and the host's"): each task's time times the CPU slowdown, less
 * 50 ms, summed. `wallMs` uses the task's wall time, as Lighthouse's simulation does; `cpuMs` its
 * thread CPU time, which leaves out the time the main thread waited for a core (on a 2-core host,
 * Chromium's browser and compositor processes, the server and Lighthouse itself share them).
 *
 * As Lighthouse's simulator (Lantern) does, a task that ran a layout is slowed by half the CPU
 * slowdown only (layout is taken as less CPU-bound), and a task is the trace's top-level `RunTask`
 * with every event that starts inside it. Lantern also stops at its simulated time to interactive;
 * this does not, so it can count a late task Lighthouse leaves out.
 */
export function blockingFromTrace(events: TraceEvent[], slowdown: number): { wallMs: number; cpuMs: number } {
  const { fcp, onMain } = pageMainThread(events);
  const main = events.filter((e) => onMain(e) && e.ph === 'X');
  const tasks = main.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts);
  const layouts = main.filter((e) => e.name === 'Layout').map((e) => e.ts);
  const ranLayout = (t: TraceEvent) => layouts.some((ts) => ts >= t.ts && ts < t.ts + (t.dur ?? 0));
  const blocking = (t: TraceEvent, us: number) => Math.max(0, ((ranLayout(t) ? slowdown / 2 : slowdown) * us) / 1000 - 50);
  return {
    wallMs: Math.round(tasks.reduce((sum, t) => sum + blocking(t, t.dur ?? 0), 0)),
    cpuMs: Math.round(tasks.reduce((sum, t) => sum + blocking(t, t.tdur ?? 0), 0)),
  };
}
