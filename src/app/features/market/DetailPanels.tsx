import { Suspense, lazy, startTransition, useCallback, useEffect, useState } from 'react';
import { afterNextPaint } from '../../components/after-paint';

/*
 * A stock's panels below the chart: your position with the 板 / 歩み値, then the information tabs,
 * then the messaging entry. Each stage is a chunk of its own (with its schemas: position, company,
 * messaging), fetched, evaluated and mounted in tasks of its own, and each is mounted after the
 * previous one is on screen, so that no task of the detail's load holds them all — nor all of
 * their queries' fetches (Lighthouse TBT, issue 19; docs/decisions/020-first-load-and-prerender.md,
 * "the chart in tasks of its own"). Later stages go below earlier ones: nothing shifts.
 */

// A lazy chunk is imported by its own module, not through the trade feature's index.ts, which
// would bring the trade lists and contract into the detail's chunk (features/trade/index.ts).
const loadPosition = () => import('../trade/holdings/YourPosition');
const loadDepth = () => import('./DepthPanel');
const loadInfo = () => import('./StockInfo');
const loadMessaging = () => import('../messaging/StockMessaging');

const YourPosition = lazy(() => loadPosition().then((m) => ({ default: m.YourPosition })));
const DepthPanel = lazy(() => loadDepth().then((m) => ({ default: m.DepthPanel })));
const StockInfo = lazy(() => loadInfo().then((m) => ({ default: m.StockInfo })));
const StockMessaging = lazy(() => loadMessaging().then((m) => ({ default: m.StockMessaging })));

/**
 * Starts fetching the panels' chunks, one import per task (each adds its modulepreload links and
 * evaluates its modules apart from the others). Returns a function that stops the imports not yet started.
 */
export function preloadPanels(): () => void {
  const timers = [loadPosition, loadDepth, loadInfo, loadMessaging].map((load) => setTimeout(() => void load(), 0));
  return () => timers.forEach(clearTimeout);
}

const STAGES = 3;

/** Rendered inside a stage's Suspense boundary: its effect runs once the stage's content is committed. */
function Drawn({ stage, onDrawn }: { stage: number; onDrawn: (stage: number) => void }) {
  useEffect(() => onDrawn(stage), [stage, onDrawn]);
  return null;
}

export function DetailPanels({ code, priceScale, price }: { code: string; priceScale: number; price: number }) {
  // Stages mounted, and stages whose content has been committed.
  const [mounted, setMounted] = useState(1);
  const [drawn, setDrawn] = useState(0);
  const onDrawn = useCallback((stage: number) => setDrawn((d) => Math.max(d, stage)), []);
  useEffect(() => {
    if (drawn < mounted || mounted >= STAGES) return;
    return afterNextPaint(() => startTransition(() => setMounted((m) => Math.min(STAGES, m + 1))));
  }, [drawn, mounted]);

  return (
    <>
      <Suspense fallback={null}>
        <YourPosition code={code} />
        <DepthPanel code={code} />
        <Drawn stage={1} onDrawn={onDrawn} />
      </Suspense>
      {mounted >= 2 ? (
        <Suspense fallback={null}>
          <StockInfo code={code} />
          <Drawn stage={2} onDrawn={onDrawn} />
        </Suspense>
      ) : null}
      {mounted >= 3 ? (
        <Suspense fallback={null}>
          <StockMessaging code={code} priceScale={priceScale} price={price} />
          <Drawn stage={3} onDrawn={onDrawn} />
        </Suspense>
      ) : null}
    </>
  );
}
