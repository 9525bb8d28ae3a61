/**
 * One request started per task (docs/decisions/020-first-load-and-prerender.md, "the
 * page's CPU time and the host's"). Starting a `fetch` costs the page's main thread 0.5–1 ms, 2.5–10 ms at
 * Lighthouse's 4× CPU; a screen whose queries all subscribe in one effect flush started three to six
 * of them in one task, a long task of its own. The first request of a task starts at once; each
 * further one waits, in order, for a task of its own (a MessageChannel message: no timer clamping,
 * and tests that fake timers still see requests start).
 */

const waiting: (() => void)[] = [];
/** A request started in the current task: the next one waits for the task that `release` runs in. */
let taken = false;
let channel: MessageChannel | undefined;

function inNextTask(fn: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(fn, 0);
    return;
  }
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => release();
    // Node (tests): a port with a listener would keep the process alive.
    (channel.port1 as unknown as { unref?: () => void }).unref?.();
  }
  channel.port2.postMessage(null);
}

/** Runs in a task of its own: lets the next waiting request start here, or frees the turn. */
function release(): void {
  const next = waiting.shift();
  if (next) {
    next();
    inNextTask(release);
  } else {
    taken = false;
  }
}

/**
 * Call right before `fetch`: `null` when the request may start in this task, otherwise a promise
 * that resolves in the task where it may (its continuation runs there, as a microtask).
 */
export function fetchTurn(): Promise<void> | null {
  if (!taken) {
    taken = true;
    inNextTask(release);
    return null;
  }
  return new Promise((resolve) => waiting.push(resolve));
}
