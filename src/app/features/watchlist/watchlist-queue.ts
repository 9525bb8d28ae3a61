import type { JsonStore } from '../../json-store';

/*
 * Watchlist edits, kept in a small local queue and replayed in order (unit-tested in
 * tests/unit/market-ui-watchlist-queue.test.ts).
 *
 * Watchlist edits are not money commands, so queuing them while offline is allowed (queuing is
 * forbidden for money commands only, docs/architecture.md). Every edit goes through the queue — online
 * it is flushed at once — so there is one code path. The screen shows the server's list with the
 * queued edits applied (`applyOps`), so an edit shows immediately and survives a reload.
 *
 * Replay: add / remove are idempotent on the server; a reorder is reconciled with the server's
 * list at replay time (another device may have added or removed names meanwhile), so it is always
 * a permutation the server accepts. An edit the server refuses (4xx: unknown code, list full) is
 * dropped and reported; a transport failure (offline, time-out, 5xx) stops the replay, which
 * resumes when the app is back online. The queue is per account.
 */

/** What the screen needs to show an added name before the server has it. */
export interface RowSnapshot {
  code: string;
  nameJa: string;
  nameEn: string;
  [k: string]: unknown;
}

export type WatchOp =
  | { kind: 'add'; code: string; row?: RowSnapshot }
  | { kind: 'remove'; code: string }
  | { kind: 'order'; codes: string[] };

/** The order `desired` asks for, made a permutation of `current`: unknown codes dropped, missing ones kept at the end. */
export function reconcileOrder(desired: readonly string[], current: readonly string[]): string[] {
  const have = new Set(current);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const c of desired) {
    if (have.has(c) && !seen.has(c)) {
      out.push(c);
      seen.add(c);
    }
  }
  for (const c of current) if (!seen.has(c)) out.push(c);
  return out;
}

/** The list after the queued edits, in order. */
export function applyOps(codes: readonly string[], ops: readonly WatchOp[]): string[] {
  let out = [...codes];
  for (const op of ops) {
    if (op.kind === 'add') {
      if (!out.includes(op.code)) out.push(op.code);
    } else if (op.kind === 'remove') {
      out = out.filter((c) => c !== op.code);
    } else {
      out = reconcileOrder(op.codes, out);
    }
  }
  return out;
}

/** Append an edit, folding a reorder into a reorder just before it (only the last order matters). */
export function appendOp(ops: readonly WatchOp[], op: WatchOp): WatchOp[] {
  const last = ops[ops.length - 1];
  if (op.kind === 'order' && last?.kind === 'order') return [...ops.slice(0, -1), op];
  return [...ops, op];
}

/** Move `code` by `delta` places (−1 up, +1 down); the same list when it cannot move. */
export function moveCode(codes: readonly string[], code: string, delta: number): string[] {
  const i = codes.indexOf(code);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= codes.length || delta === 0) return [...codes];
  const out = [...codes];
  out.splice(i, 1);
  out.splice(j, 0, code);
  return out;
}

function isOp(v: unknown): v is WatchOp {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  if (o.kind === 'add' || o.kind === 'remove') return typeof o.code === 'string';
  if (o.kind === 'order') return Array.isArray(o.codes) && o.codes.every((c) => typeof c === 'string');
  return false;
}

export const QUEUE_KEY_PREFIX = 'kabuto.watchlistQueue';

/** The persisted queue of one account (re-read when the account changes). */
export class WatchlistQueue {
  private listeners = new Set<() => void>();
  private cachedKey: string | null | undefined;
  private cached: readonly WatchOp[] = [];

  constructor(
    private readonly store: JsonStore,
    private readonly accountOf: () => string | null,
  ) {}

  private key(): string | null {
    const account = this.accountOf();
    return account ? `${QUEUE_KEY_PREFIX}:${account}` : null;
  }

  /** The queued edits (a stable array until the queue changes: usable as a React snapshot). */
  ops = (): readonly WatchOp[] => {
    const key = this.key();
    if (key !== this.cachedKey) {
      this.cachedKey = key;
      const raw = key ? this.store.get(key) : undefined;
      this.cached = Array.isArray(raw) ? raw.filter(isOp) : [];
    }
    return this.cached;
  };

  private write(ops: readonly WatchOp[]): void {
    const key = this.key();
    if (!key) return;
    if (ops.length) this.store.set(key, ops);
    else this.store.remove(key);
    this.cachedKey = key;
    this.cached = ops;
    this.emit();
  }

  push(op: WatchOp): void {
    this.write(appendOp(this.ops(), op));
  }

  /**
   * Remove the first edit if it is still `op` (replayed or dropped). A reorder made while its
   * predecessor was being replayed replaces it in place (appendOp): then it stays, to be replayed.
   */
  shiftIf(op: WatchOp): boolean {
    const [first, ...rest] = this.ops();
    if (!first || (first !== op && JSON.stringify(first) !== JSON.stringify(op))) return false;
    this.write(rest);
    return true;
  }

  /** The account changed (sign-in, sign-out): forget the cached copy and tell the screens. */
  reload(): void {
    this.cachedKey = undefined;
    this.emit();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private emit(): void {
    for (const l of [...this.listeners]) l();
  }
}

/** The server calls the replay needs; each resolves to the server's list after the call. */
export interface WatchlistServer {
  list(): Promise<string[]>;
  add(code: string): Promise<string[]>;
  remove(code: string): Promise<string[]>;
  order(codes: string[]): Promise<string[]>;
}

export interface FlushResult {
  replayed: number;
  dropped: WatchOp[];
  /** The replay stopped at a transport failure; the rest stays queued. */
  stopped: boolean;
  /** The server's list after the last successful call (null when nothing was called). */
  codes: string[] | null;
}

/** Whether a failure means "the server refused this edit" (drop it) rather than "try later". */
export type IsRefusal = (error: unknown) => boolean;

/**
 * Replay the queue in order. `onStep` runs after every successful call with the server's list
 * (the screen writes it into the cache so nothing flickers while the rest replays).
 */
export async function flushQueue(
  queue: WatchlistQueue,
  server: WatchlistServer,
  isRefusal: IsRefusal,
  onStep?: (codes: string[], op: WatchOp) => void,
): Promise<FlushResult> {
  const result: FlushResult = { replayed: 0, dropped: [], stopped: false, codes: null };
  for (let op = queue.ops()[0]; op; op = queue.ops()[0]) {
    try {
      let codes: string[];
      if (op.kind === 'add') codes = await server.add(op.code);
      else if (op.kind === 'remove') codes = await server.remove(op.code);
      else {
        const current = result.codes ?? (await server.list());
        const desired = reconcileOrder(op.codes, current);
        codes = desired.join(',') === current.join(',') ? current : await server.order(desired);
      }
      result.codes = codes;
      result.replayed++;
      queue.shiftIf(op);
      onStep?.(codes, op);
    } catch (err) {
      if (!isRefusal(err)) {
        result.stopped = true;
        return result;
      }
      result.dropped.push(op);
      queue.shiftIf(op);
    }
  }
  return result;
}
