/**
 * inTasks (src/app/components/chart/tasks.ts) and afterNextPaint (components/after-paint.ts):
 * how the stock detail's chart panes and panels are spread over tasks after the first frame
 * (docs/decisions/020-first-load-and-prerender.md, "the chart in tasks of its own").
 * Frames are driven by hand: requestAnimationFrame is a queue the test flushes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inTasks } from '../../src/app/components/chart/tasks';
import { afterNextPaint } from '../../src/app/components/after-paint';

let frames: Map<number, FrameRequestCallback>;
let nextFrame = 1;
function drawFrame() {
  const due = [...frames.values()];
  frames.clear();
  for (const cb of due) cb(performance.now());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  frames = new Map();
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    frames.set(nextFrame, cb);
    return nextFrame++;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterNextPaint', () => {
  it('calls back in a task after the next frame, not in the frame itself', () => {
    const fn = vi.fn();
    afterNextPaint(fn);
    vi.advanceTimersByTime(10);
    expect(fn).not.toHaveBeenCalled();
    drawFrame();
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(fn).toHaveBeenCalledTimes(1);
    // The 250 ms fallback does not call it again.
    vi.advanceTimersByTime(300);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('falls back to 250 ms when no frame comes (a hidden tab), and once only', () => {
    const fn = vi.fn();
    afterNextPaint(fn);
    vi.advanceTimersByTime(249);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    drawFrame();
    vi.advanceTimersByTime(10);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancelled, never calls back', () => {
    const fn = vi.fn();
    const cancel = afterNextPaint(fn);
    drawFrame();
    cancel();
    vi.advanceTimersByTime(500);
    expect(fn).not.toHaveBeenCalled();
  });
});

describe('inTasks', () => {
  it('runs each step in a task of its own, in order', () => {
    const log: string[] = [];
    inTasks([() => log.push('main'), () => log.push('sub')], false);
    expect(log).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(log).toEqual(['main']);
    vi.advanceTimersToNextTimer();
    expect(log).toEqual(['main', 'sub']);
  });

  it('with afterFrame, starts only after the next frame is drawn', () => {
    const log: string[] = [];
    inTasks([() => log.push('main'), () => log.push('sub')], true);
    vi.advanceTimersByTime(100);
    expect(log).toEqual([]);
    drawFrame();
    vi.advanceTimersToNextTimer();
    expect(log).toEqual(['main']);
    vi.advanceTimersToNextTimer();
    expect(log).toEqual(['main', 'sub']);
  });

  it('cancelled between steps, runs none of the rest', () => {
    const log: string[] = [];
    const cancel = inTasks([() => log.push('main'), () => log.push('sub')], false);
    vi.advanceTimersToNextTimer();
    cancel();
    vi.advanceTimersByTime(1000);
    expect(log).toEqual(['main']);
  });

  it('cancelled before the frame, runs nothing', () => {
    const log: string[] = [];
    const cancel = inTasks([() => log.push('main')], true);
    cancel();
    drawFrame();
    vi.advanceTimersByTime(1000);
    expect(log).toEqual([]);
  });
});
