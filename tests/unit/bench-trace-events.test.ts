import { describe, expect, it } from 'vitest';
import { blockingFromTrace, type TraceEvent } from '../../bench/trace-events';
import { median } from '../../bench/stats';

// A renderer (pid 1, main thread tid 10) whose first contentful paint is at 1 s.
const meta: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', pid: 1, tid: 10, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 10, ts: 1_000_000 },
];
const task = (ts: number, dur: number, tdur: number, tid = 10): TraceEvent => ({ name: 'RunTask', ph: 'X', pid: 1, tid, ts, dur, tdur });
const layout = (ts: number): TraceEvent => ({ name: 'Layout', ph: 'X', pid: 1, tid: 10, ts, dur: 1000 });

describe('blockingFromTrace (Lighthouse blocking time, applied to the trace)', () => {
  it('counts each task after the first paint at 4× its wall time and at 4× its CPU time, less 50 ms', () => {
    // 20 ms wall, 5 ms CPU: 80 − 50 = 30 by wall time; 20 < 50, nothing by CPU time.
    expect(blockingFromTrace([...meta, task(1_100_000, 20_000, 5_000)], 4)).toEqual({ wallMs: 30, cpuMs: 0 });
  });

  it('leaves out tasks before the first paint and tasks of other threads', () => {
    expect(blockingFromTrace([...meta, task(900_000, 40_000, 40_000), task(1_100_000, 40_000, 40_000, 11)], 4)).toEqual({ wallMs: 0, cpuMs: 0 });
  });

  it('slows a task that ran a layout by half the slowdown, as Lighthouse’s simulator does', () => {
    // 40 ms: 160 − 50 = 110 as script; with a layout inside, 80 − 50 = 30.
    expect(blockingFromTrace([...meta, task(1_100_000, 40_000, 40_000)], 4).wallMs).toBe(110);
    expect(blockingFromTrace([...meta, task(1_100_000, 40_000, 40_000), layout(1_120_000)], 4)).toEqual({ wallMs: 30, cpuMs: 30 });
    // A layout in the next task does not count for this one.
    expect(blockingFromTrace([...meta, task(1_100_000, 40_000, 40_000), layout(1_140_000)], 4).wallMs).toBe(110);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([82, 259, 149])).toBe(149);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
