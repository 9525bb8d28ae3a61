import { fork, spawn, type ChildProcess, type ForkOptions, type SpawnOptions } from 'node:child_process';

/**
 * Child processes a test starts (the real server, a load generator). A failed or timed-out test
 * must not leave one running: it would keep its port, its data directory and a CPU for the rest of
 * the run (issue 34: crash-kill9's server outlived its time-out). So each child is
 * - started in a process group of its own (`detached`), so killing the group ends whatever it
 *   started too;
 * - owned by an `ownProcesses()` group (one per test file, or per describe when each has its own
 *   afterAll), whose `killAll()` goes in that afterAll:
 *   vitest runs afterAll after a test's time-out too, while a `finally` in the test body waits for
 *   the body's stuck await and may never run. The body of a timed-out test carries on in the
 *   background, so a child it asks for after killAll() is refused;
 * - killed on this process's exit as a last resort (an exit handler runs only synchronous code:
 *   `process.kill` is).
 * A detached child does not get the terminal's Ctrl-C; the exit handler covers a run that ends.
 */
export interface OwnedProcesses {
  /** `spawn`, in a process group of its own. */
  spawn(command: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
  /** `fork` (a Node child with an IPC channel), in a process group of its own. */
  fork(modulePath: string, args: readonly string[], options?: ForkOptions): ChildProcess;
  /** SIGKILLs every child still running; any child asked for afterwards is refused. */
  killAll(): void;
}

/** Every owned child still running, for the exit handler. */
const running = new Set<ChildProcess>();

export function ownProcesses(): OwnedProcesses {
  const mine = new Set<ChildProcess>();
  let closed = false;
  const own = (start: () => ChildProcess): ChildProcess => {
    if (closed) throw new Error('a child process asked for after its test file was cleaned up (a timed-out test carrying on)');
    const child = start();
    for (const set of [mine, running]) {
      set.add(child);
      child.once('exit', () => set.delete(child));
    }
    return child;
  };
  return {
    spawn: (command, args, options = {}) => own(() => spawn(command, args, { ...options, detached: true })),
    fork: (modulePath, args, options = {}) => own(() => fork(modulePath, args, { ...options, detached: true })),
    killAll() {
      closed = true;
      for (const child of mine) killGroup(child);
    },
  };
}

/** Neither exited nor killed by a signal yet. */
export function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Sends `signal` to the child's whole process group; nothing once the child has exited. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  // After the exit its group id may be reused: never signal a group we no longer own.
  if (child.pid === undefined || !isRunning(child)) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: it ended meanwhile
  }
}

process.once('exit', () => {
  for (const child of running) killGroup(child);
});
