import { afterNextPaint } from '../after-paint';

/**
 * Runs `steps` in order, each in a macrotask of its own, and returns a function that cancels the
 * steps not yet run. With `afterFrame` the first step waits until the browser has drawn the next
 * frame (afterNextPaint).
 *
 * Why (docs/decisions/020-first-load-and-prerender.md, "the chart in tasks of its own"):
 * a uPlot pane's first draw is tens of milliseconds on a phone. Done in React's commit it made one
 * long task of the commit, the layout it forced and both panes; one pane per task, after the
 * screen is on screen, keeps each task short.
 */
export function inTasks(steps: readonly (() => void)[], afterFrame: boolean): () => void {
  let cancelled = false;
  let i = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    timer = undefined;
    if (cancelled || i >= steps.length) return;
    steps[i++]!();
    if (i < steps.length) timer = setTimeout(next, 0);
  };
  let stopWaiting = () => {};
  if (afterFrame) stopWaiting = afterNextPaint(next);
  else timer = setTimeout(next, 0);
  return () => {
    cancelled = true;
    stopWaiting();
    if (timer !== undefined) clearTimeout(timer);
  };
}
