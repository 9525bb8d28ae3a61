import type { StreamQuote } from './patch';
import type { StreamDepth } from '../../../shared/api/market';

/*
 * The quote stream client (`GET market/stream?codes=…`, text/event-stream; unit-tested in
 * tests/unit/market-ui-stream.test.ts with a fake EventSource and a fake frame clock).
 *
 * - One connection for the whole app, subscribed to the union of the codes the screens on display
 *   ask for (reference-counted; changes are debounced so scrolling a list does not reconnect on
 *   every row). At most STREAM_MAX_CODES codes: the first subscribed win.
 * - Quotes are coalesced: the latest per code is kept and everything that arrived is handed over
 *   once per animation frame. 50 updates a second become at most one cache write per frame, and
 *   a hidden page (no frames) holds one quote per code, never a growing queue.
 * - Offline the connection is closed (no reconnect storm); back online it reopens. EventSource
 *   reconnects by itself after a dropped connection; when it gives up (HTTP error) we retry with
 *   back-off.
 * - Depth (the stock detail's 板 and 歩み値): `subscribeDepth(code)` adds the code to the same
 *   connection's `depth=` list, and `event: depth` is handed over as it comes (one per code per
 *   15-second step, nothing to coalesce). One connection still: the book rides the stream the
 *   server fans out once per code (see src/server/modules/market/hub.ts for why not a refetch).
 */

/** What we use of EventSource (the browser's, or a fake in tests). */
export interface EventSourceLike {
  readonly readyState: number;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
  onerror: ((event: Event) => void) | null;
}

export const EVENT_SOURCE_CLOSED = 2;
export const STREAM_CODE_LIMIT = 200;
/** `depth=` codes per connection (the contract's STREAM_MAX_DEPTH). */
export const STREAM_DEPTH_LIMIT = 3;

export interface Scheduler {
  requestFrame(cb: () => void): unknown;
  setTimeout(cb: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const browserScheduler: Scheduler = {
  requestFrame: (cb) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => cb()) : setTimeout(cb, 16),
  setTimeout: (cb, ms) => setTimeout(cb, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Keeps the latest value per key and hands the batch to `sink` once per frame. */
export class FrameCoalescer<T> {
  private pending = new Map<string, T>();
  private scheduled = false;

  constructor(
    private readonly sink: (batch: Map<string, T>) => void,
    private readonly scheduler: Pick<Scheduler, 'requestFrame'> = browserScheduler,
  ) {}

  push(key: string, value: T): void {
    this.pending.set(key, value);
    if (this.scheduled) return;
    this.scheduled = true;
    this.scheduler.requestFrame(() => this.flush());
  }

  /** Hand over what is pending now (also called by the frame callback). */
  flush(): void {
    this.scheduled = false;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    this.sink(batch);
  }

  get size(): number {
    return this.pending.size;
  }
}

/** A cheap structural check of a streamed quote (the stream is hot; zod would be too slow here). */
export function parseQuoteEvent(data: string): StreamQuote | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const q = v as Record<string, unknown>;
  const num = (k: string) => typeof q[k] === 'number' && Number.isFinite(q[k]);
  if (typeof q.code !== 'string' || !q.code) return null;
  for (const k of ['at', 'price', 'prevClose', 'change', 'changeBp', 'volume', 'turnover']) if (!num(k)) return null;
  return v as StreamQuote;
}

/** A cheap structural check of a depth event. */
export function parseDepthEvent(data: string): StreamDepth | null {
  let v: unknown;
  try {
    v = JSON.parse(data);
  } catch {
    return null;
  }
  const d = v as Partial<StreamDepth> | null;
  if (!d || typeof d !== 'object' || typeof d.book?.code !== 'string' || !Array.isArray(d.book.asks) || !Array.isArray(d.book.bids)) return null;
  if (typeof d.trades?.code !== 'string' || !Array.isArray(d.trades.items)) return null;
  return d as StreamDepth;
}

export interface QuoteStreamOptions {
  /** The stream URL for a set of codes (and the depth codes among them). */
  url: (codes: readonly string[], depth: readonly string[]) => string;
  /** Receives each depth event (book and latest prints of one stock). */
  onDepth?: (depth: StreamDepth) => void;
  /** Receives coalesced batches (latest quote per code). */
  onQuotes: (batch: Map<string, StreamQuote>) => void;
  createSource?: (url: string) => EventSourceLike;
  scheduler?: Scheduler;
  isOnline?: () => boolean;
  /** Wait this long after a subscription change before reconnecting (default 250 ms). */
  debounceMs?: number;
}

export class QuoteStream {
  private readonly refs = new Map<string, number>();
  private readonly depthRefs = new Map<string, number>();
  private source: EventSourceLike | null = null;
  private connectedCodes = '';
  private timer: unknown = null;
  private retryMs = 1000;
  private readonly coalescer: FrameCoalescer<StreamQuote>;
  private readonly scheduler: Scheduler;
  private readonly createSource: (url: string) => EventSourceLike;
  private readonly isOnline: () => boolean;
  private readonly debounceMs: number;
  /** Connections opened so far (tests, diagnostics). */
  opened = 0;

  constructor(private readonly opts: QuoteStreamOptions) {
    this.scheduler = opts.scheduler ?? browserScheduler;
    this.coalescer = new FrameCoalescer(opts.onQuotes, this.scheduler);
    this.createSource = opts.createSource ?? ((url) => new EventSource(url) as unknown as EventSourceLike);
    this.isOnline = opts.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
    this.debounceMs = opts.debounceMs ?? 250;
  }

  /** Ask for live quotes of `codes`; call the returned function when they leave the screen. */
  subscribe(codes: readonly string[]): () => void {
    const unique = [...new Set(codes)];
    for (const c of unique) this.refs.set(c, (this.refs.get(c) ?? 0) + 1);
    this.schedule();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      for (const c of unique) {
        const n = (this.refs.get(c) ?? 0) - 1;
        if (n <= 0) this.refs.delete(c);
        else this.refs.set(c, n);
      }
      this.schedule();
    };
  }

  /** Ask for the book and prints of `code` too (it must also be subscribed as a quote). */
  subscribeDepth(code: string): () => void {
    const unsubscribe = this.subscribe([code]);
    this.depthRefs.set(code, (this.depthRefs.get(code) ?? 0) + 1);
    this.schedule();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const n = (this.depthRefs.get(code) ?? 0) - 1;
      if (n <= 0) this.depthRefs.delete(code);
      else this.depthRefs.set(code, n);
      unsubscribe();
    };
  }

  /** The depth codes the connection should carry now (only among its codes). */
  depthCodes(codes: readonly string[] = this.codes()): string[] {
    return [...this.depthRefs.keys()].filter((c) => codes.includes(c)).slice(0, STREAM_DEPTH_LIMIT);
  }

  /** The codes the connection should carry now. */
  codes(): string[] {
    return [...this.refs.keys()].slice(0, STREAM_CODE_LIMIT);
  }

  get connected(): boolean {
    return this.source !== null;
  }

  /** Close (offline, page hidden); `resume()` reconnects. */
  pause(): void {
    this.cancelTimer();
    this.close();
  }

  resume(): void {
    this.retryMs = 1000;
    this.schedule(0);
  }

  /** Deliver pending quotes now (tests; a page about to hide). */
  flush(): void {
    this.coalescer.flush();
  }

  private schedule(ms = this.debounceMs): void {
    this.cancelTimer();
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = null;
      this.sync();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer !== null) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }

  private close(): void {
    this.source?.close();
    this.source = null;
    this.connectedCodes = '';
  }

  /** Connect, reconnect or disconnect to match the subscribed codes. */
  private sync(): void {
    const codes = this.codes();
    const depth = this.depthCodes(codes);
    const key = depth.length ? `${codes.join(',')}|${depth.join(',')}` : codes.join(',');
    if (!codes.length || !this.isOnline()) {
      this.close();
      return;
    }
    if (this.source && key === this.connectedCodes && this.source.readyState !== EVENT_SOURCE_CLOSED) return;
    this.close();
    const source = this.createSource(this.opts.url(codes, depth));
    this.opened++;
    this.source = source;
    this.connectedCodes = key;
    source.addEventListener('quote', (event) => {
      const q = parseQuoteEvent(event.data);
      if (q) this.coalescer.push(q.code, q);
    });
    source.addEventListener('depth', (event) => {
      const d = parseDepthEvent(event.data);
      if (d) this.opts.onDepth?.(d);
    });
    source.addEventListener('open', () => {
      this.retryMs = 1000;
    });
    source.onerror = () => {
      // CONNECTING: the browser retries by itself. CLOSED: it gave up (HTTP error) — we retry.
      if (source !== this.source || source.readyState !== EVENT_SOURCE_CLOSED) return;
      this.close();
      const wait = this.retryMs;
      this.retryMs = Math.min(this.retryMs * 2, 30_000);
      this.schedule(wait);
    };
  }
}
