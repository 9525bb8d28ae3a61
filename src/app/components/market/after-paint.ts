import { useEffect, useState } from 'react';

/**
 * False on a screen's first render, true once the browser has painted it (the frame after mount,
 * or 250 ms at the latest when frames are throttled, as in a hidden tab). A heavy screen renders its
 * top (title, the simulated-data note) first and mounts the rest — boards, tickers, depth, the
 * quote stream — in the next task, so the first paint is not one long task behind everything
 * (Lighthouse's LCP and TBT: docs/decisions/020-first-load-and-prerender.md, "pwa-last").
 * Content mounted late goes below what is already drawn, so nothing shifts. `ready` false holds
 * the count back (a screen whose top waits for its data: the frame after the top is drawn).
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted || !ready) return;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      setPainted(true);
    };
    // rAF runs before the paint; the timeout queued from it runs after the frame is on screen.
    // (Without frames at all — jsdom — the fallback alone.)
    const raf = typeof requestAnimationFrame === 'function';
    const frame = raf ? requestAnimationFrame(() => setTimeout(finish, 0)) : 0;
    const fallback = setTimeout(finish, raf ? 250 : 0);
    return () => {
      if (raf) cancelAnimationFrame(frame);
      clearTimeout(fallback);
    };
  }, [painted, ready]);
  return painted;
}
