// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenLoadSettles } from '../../src/app/pwa/when-load-settles';

/** A PerformanceObserver whose resource entries the test delivers. */
let deliver: (responseEnd: number) => void = () => {};
class FakeObserver {
  constructor(private readonly cb: (list: { getEntries: () => PerformanceEntry[] }) => void) {
    deliver = (responseEnd) => this.cb({ getEntries: () => [{ responseEnd, startTime: responseEnd - 5, duration: 5 } as unknown as PerformanceEntry] });
  }
  observe(): void {}
  disconnect(): void {
    deliver = () => {};
  }
}

let clock = 0;
const now = () => clock;
/** Moves the page's clock and the timers together. */
function advance(ms: number): void {
  for (let i = 0; i < ms / 50; i++) {
    clock += 50;
    vi.advanceTimersByTime(50);
  }
}

beforeEach(() => {
  clock = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  // whenIdle: at once, so the test sees when the wait ends.
  vi.stubGlobal('requestIdleCallback', (cb: () => void) => cb());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenLoadSettles', () => {
  it('waits for the page to be quiet for quietMs after the last resource', () => {
    const task = vi.fn();
    whenLoadSettles(task, { quietMs: 2_000, maxMs: 10_000, now });
    advance(1_500);
    deliver(clock); // a chunk arrives at 1.5 s
    advance(1_900);
    expect(task).not.toHaveBeenCalled();
    deliver(clock); // and another at 3.4 s
    advance(1_900);
    expect(task).not.toHaveBeenCalled();
    advance(200);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs after maxMs however busy the page stays', () => {
    const task = vi.fn();
    whenLoadSettles(task, { quietMs: 2_000, maxMs: 6_000, now });
    while (clock < 5_500) {
      advance(500);
      deliver(clock); // a resource every half second
    }
    expect(task).not.toHaveBeenCalled();
    advance(600);
    expect(task).toHaveBeenCalledTimes(1);
    advance(10_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('waits for the document to be loaded', () => {
    const task = vi.fn();
    const state = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    whenLoadSettles(task, { quietMs: 1_000, maxMs: 8_000, now });
    advance(3_000);
    expect(task).not.toHaveBeenCalled();
    state.mockReturnValue('complete');
    advance(200);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
