import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';

/**
 * SQLite's WAL checkpoints mostly on a thread of their own (docs/decisions/018-request-path-performance.md,
 * "checkpoints off the event loop"). With the default auto-checkpoint, the COMMIT that
 * finds the WAL over 1,000 pages copies them into the database file and syncs it, on the event
 * loop: under 1,000 orders/s that was one COMMIT in ~45 taking 5–8 ms, with every request behind it
 * waiting — most of the open loop's p99. Now a worker thread with a connection of its own runs a
 * PASSIVE checkpoint every `CHECKPOINT_INTERVAL_MS`: it copies what is committed without waiting
 * for (or blocking) the writer. The server's connection checkpoints only past `RESET_PAGES`, when
 * little is left to copy, so that SQLite can restart the WAL.
 *
 * Durability is unchanged: a commit is in the WAL when COMMIT returns, whoever copies it later
 * (synchronous = NORMAL, as before). If the worker fails, the server's connection takes the
 * checkpoints back (SQLite's default auto-checkpoint) and says so through `onError`.
 */
/** Runs inside the worker: plain CommonJS, so it needs no TypeScript loader. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
let timer = null;
function pass() {
  const [r] = db.pragma('wal_checkpoint(PASSIVE)');
  parentPort.postMessage({ pass: r });
  timer = setTimeout(pass, workerData.intervalMs);
}
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
pass();
`;

export interface CheckpointPass {
  /** 1 when a writer or reader kept the checkpoint from finishing (PASSIVE never waits). */
  busy: number;
  /** Frames in the WAL, and how many of them are copied into the database file. */
  log: number;
  checkpointed: number;
}

export interface Checkpointer {
  /** Resolves after the worker's next completed pass (tests). */
  nextPass(): Promise<CheckpointPass>;
  stop(): Promise<void>;
}

/** The checkpoint interval: a pass copies what ~25 ms of orders wrote to the WAL. */
export const CHECKPOINT_INTERVAL_MS = 25;
/**
 * The server's connection still checkpoints when the WAL passes this many pages (twice SQLite's
 * default): the worker has copied all but its last interval's pages by then, so that checkpoint is
 * short, and it is what lets SQLite restart the WAL — a worker's PASSIVE checkpoint under a steady
 * stream of commits never catches the writer, and without it the WAL grew to 2 GB in 20 s at
 * 1,000 orders/s. With it the WAL stays under ~9 MB.
 */
export const RESET_PAGES = 2000;

export function startCheckpointer(
  sqlite: { pragma(source: string): unknown },
  file: string,
  opts: { intervalMs?: number; onError?: (err: unknown) => void; driver?: string } = {},
): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${RESET_PAGES}`);
  const driver = opts.driver ?? createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS } });
  worker.unref(); // never what keeps the process alive
  let waiting: ((p: CheckpointPass) => void)[] = [];
  let stopped = false;
  worker.on('message', (m: { pass?: CheckpointPass }) => {
    if (!m.pass) return;
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve(m.pass);
  });
  const takeBack = (err: unknown) => {
    if (stopped) return;
    stopped = true;
    try {
      sqlite.pragma('wal_autocheckpoint = 1000');
    } catch {
      // the connection is closed already: nothing left to checkpoint for
    }
    opts.onError?.(err);
  };
  worker.on('error', takeBack);
  worker.on('exit', (code) => {
    if (!stopped) takeBack(new Error(`the checkpoint worker exited (${code})`));
  });
  return {
    nextPass: () => new Promise((resolve) => waiting.push(resolve)),
    async stop() {
      if (stopped) return;
      stopped = true;
      const exited = new Promise((r) => worker.once('exit', r));
      worker.postMessage('stop');
      await exited;
    },
  };
}
