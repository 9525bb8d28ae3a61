import { whenIdle } from '../idle';

/**
 * Runs `task` once the page's own load has settled: the document is loaded and no resource has
 * finished loading for `quietMs`, or at the latest `maxMs` after the call; then when the browser is
 * idle. The service worker registers here (docs/decisions/020-first-load-and-prerender.md,
 * "the page's CPU time and the host's"): its install precaches every file of the build,
 * about 200 requests, and while that ran beside a screen's own chunks and queries, the screen's
 * tasks took two to four times their CPU time on a 2-core machine. It is the usual advice for
 * registering a service worker (after the load), with the load of a screen's later chunks counted in.
 */
export function whenLoadSettles(task: () => void, { quietMs = 2_000, maxMs = 10_000, now = () => performance.now() } = {}): void {
  const started = now();
  let last = started;
  let observer: PerformanceObserver | undefined;
  if (typeof PerformanceObserver !== 'undefined') {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) last = Math.max(last, (entry as PerformanceResourceTiming).responseEnd || entry.startTime + entry.duration);
    });
    try {
      observer.observe({ type: 'resource' });
    } catch {
      observer = undefined;
    }
  }
  const check = () => {
    const at = now();
    const quietFor = at - last;
    const waited = at - started;
    if ((document.readyState === 'complete' && quietFor >= quietMs) || waited >= maxMs) {
      observer?.disconnect();
      whenIdle(task);
      return;
    }
    setTimeout(check, Math.max(100, Math.min(quietMs - quietFor, maxMs - waited)));
  };
  setTimeout(check, quietMs);
}
