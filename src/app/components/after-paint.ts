import { startTransition, useEffect, useState } from 'react';

/**
 * Calls `fn` once the browser has drawn the next frame (rAF runs before the frame's paint; a timeout
 * queued from it runs after the frame is on screen), or after 250 ms at the latest when frames are
 * throttled, as in a hidden tab; without frames at all (jsdom) after a timeout alone. Returns a
 * function that cancels the call.
 */
export function afterNextPaint(fn: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    cancel();
    fn();
  };
  const raf = typeof requestAnimationFrame === 'function';
  const frame = raf
    ? requestAnimationFrame(() => {
        timer = setTimeout(finish, 0);
      })
    : 0;
  const fallback = setTimeout(finish, raf ? 250 : 0);
  function cancel() {
    if (raf) cancelAnimationFrame(frame);
    clearTimeout(fallback);
    if (timer !== undefined) clearTimeout(timer);
  }
  return () => {
    done = true;
    cancel();
  };
}

/**
 * False on a screen's first render, true once the browser has painted it (afterNextPaint). A heavy
 * screen renders its top (title, the simulated-data note) first and mounts the rest — boards,
 * tickers, depth, the quote stream — in the next task, so the first paint is not one long task
 * behind everything (Lighthouse's LCP and TBT: docs/decisions/020-first-load-and-prerender.md,
 * "pwa-last"). Content mounted late goes below what is already drawn, so nothing shifts. `ready`
 * false holds the count back (a screen whose top waits for its data: the frame after the top is drawn).
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !ready) return;
    // A transition: React renders the rest in slices that yield to the browser, and runs its
    // effects (queries start their fetches there) in a task after the commit's.
    return afterNextPaint(() => startTransition(() => setPainted(true)));
  }, [painted, ready]);
  return painted;
}
