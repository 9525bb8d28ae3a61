import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** MessageChannel whose messages are tasks the test runs one at a time. */
const tasks: (() => void)[] = [];
class StepChannel {
  port1: { onmessage: (() => void) | null } = { onmessage: null };
  port2 = { postMessage: () => tasks.push(() => this.port1.onmessage?.()) };
}
/** Runs the next queued task, then its microtasks (where a waiting request's continuation runs). */
async function runTask(): Promise<void> {
  tasks.shift()?.();
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

let fetchTurn: typeof import('../../src/app/api/fetch-turns').fetchTurn;
beforeEach(async () => {
  tasks.length = 0;
  vi.stubGlobal('MessageChannel', StepChannel);
  vi.resetModules();
  ({ fetchTurn } = await import('../../src/app/api/fetch-turns'));
});
afterEach(() => vi.unstubAllGlobals());

describe('fetch turns', () => {
  it('start the first request of a task at once and each further one in a task of its own, in order', async () => {
    const started: string[] = [];
    const start = async (name: string) => {
      const turn = fetchTurn();
      if (turn) await turn;
      started.push(name);
    };
    void start('a');
    void start('b');
    void start('c');
    expect(started).toEqual(['a']);
    await runTask();
    expect(started).toEqual(['a', 'b']);
    await runTask();
    expect(started).toEqual(['a', 'b', 'c']);
    // A request made before the next task waits for it.
    void start('d');
    await Promise.resolve();
    expect(started).toEqual(['a', 'b', 'c']);
    await runTask();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('free the turn once nothing waits: the next task starts at once', async () => {
    expect(fetchTurn()).toBeNull();
    expect(fetchTurn()).not.toBeNull();
    await runTask(); // the second one's task
    await runTask(); // nothing waits: the turn is free
    expect(tasks).toHaveLength(0);
    expect(fetchTurn()).toBeNull();
  });
});
