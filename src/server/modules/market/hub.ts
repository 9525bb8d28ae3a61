import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import { tooMany } from '../../errors';
import type { Quote } from '../../market';
import type { MarketService } from './service';
import { depthOf } from './depth';
import { BOOK_STEP_MS } from '../../market-sim/book';

/*
 * QuoteHub: the one producer behind every quote stream (docs/architecture.md "Budgets": the list must stay fluid
 * with many updates a second). Each tick it asks the market for the codes somebody watches — and
 * only those: a code's state is dropped with its last subscriber — compares each quote with the
 * last one sent, and for a change encodes ONE server-sent event that is handed, as the same
 * bytes, to every client subscribed to that code. Ticking at `intervalMs` is the coalescing:
 * whatever happened to a code between two ticks goes out as its latest quote only, so no code
 * sends more than 1000/intervalMs events a second however fast the source moves. A client gets
 * all its events of one poll in one send(), so the transport can write them with one syscall.
 *
 * Event ids are one increasing sequence, seeded from the wall clock at start (× 1000) so ids keep
 * increasing across restarts. A (re)connecting client first gets the current quote of each of its
 * codes, in id order, then live changes; a client keeps, per code, the highest id it applied.
 *
 * Depth (the stock detail's 板 and 歩み値, depth.ts): a client may name up to three of its codes as
 * `depth` codes. For those the hub also sends `event: depth` (book + latest prints, no id: it is
 * state like the quote) right after the code's quote. Why in the stream and not a refetch per
 * tick: the depth of a code is computed once per 15-second step and encoded once, then handed as
 * the same bytes to every client watching that book, exactly like quotes — N viewers cost N
 * socket writes, where a refetch would cost N HTTP requests through the whole middleware chain
 * every step. Clients that ask for no depth get exactly the quote events they always did, and a
 * code's depth is computed only while somebody watches its book.
 */

export interface HubClient {
  /** Queue events for the client, in order; false when it is too far behind (it is then dropped). */
  send(chunks: readonly Uint8Array[]): boolean;
  /** End the response (the browser's EventSource reconnects by itself). */
  end(): void;
}

export interface Subscription {
  close(): void;
}

export interface QuoteHubOptions {
  intervalMs?: number;
  heartbeatMs?: number;
  maxClients?: number;
}

interface Sub {
  codes: readonly string[];
  depth: readonly string[];
  client: HubClient;
  lastWrite: number;
  closed: boolean;
}

interface CodeState {
  key: string;
  /** Wall time of the last poll. */
  checked: number;
  seq: number;
  event: Uint8Array;
  subs: Set<Sub>;
  /** Subscribers of the code's depth, the step and quote it was drawn for, and its event. */
  depthSubs: Set<Sub>;
  depthKey: string;
  depthEvent: Uint8Array | null;
}

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': hb\n\n');
const PREAMBLE = encoder.encode('retry: 3000\n: quotes are simulated\n\n');

/** What a subscriber can see change; `at` alone moving is not news. */
function keyOf(q: Quote): string {
  return `${q.tradingDate}|${q.session}|${q.price}|${q.volume}|${q.high}|${q.low}|${q.bid}|${q.ask}|${q.limitState}`;
}

export class QuoteHub {
  readonly intervalMs: number;
  readonly heartbeatMs: number;
  readonly maxClients: number;
  private seq: number;
  private readonly states = new Map<string, CodeState>();
  private readonly subs = new Set<Sub>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running = false;
  /** Called as each event is published, before the fan-out (benchmarks measure delivery lag from here). */
  onPublish: ((seq: number, code: string) => void) | null = null;

  constructor(
    private readonly market: MarketService,
    /** Wall clock: heartbeats and the id seed (the market clock may stand still). */
    private readonly wall: Clock,
    private readonly logger: Logger,
    opts: QuoteHubOptions = {},
  ) {
    this.intervalMs = Math.max(250, opts.intervalMs ?? 1000);
    this.heartbeatMs = opts.heartbeatMs ?? 15_000;
    this.maxClients = opts.maxClients ?? 50_000;
    this.seq = wall.now() * 1000;
  }

  /** Poll on a timer while anybody listens (main.ts). Tests leave it stopped and call tick(). */
  start(): void {
    this.running = true;
    this.schedule();
  }

  stop(): void {
    this.running = false;
    this.schedule();
    for (const sub of [...this.subs]) this.drop(sub);
  }

  stats(): { clients: number; codes: number; seq: number } {
    return { clients: this.subs.size, codes: this.states.size, seq: this.seq };
  }

  watched(): string[] {
    return [...this.states.keys()];
  }

  hasRoom(): boolean {
    return this.subs.size < this.maxClients;
  }

  /** Codes must be known instruments (the route checks). Throws 429 when the hub is full. */
  subscribe(codes: readonly string[], client: HubClient, depth: readonly string[] = []): Subscription {
    if (!this.hasRoom()) throw tooMany('too_many_requests', { max: this.maxClients });
    const sub: Sub = { codes, depth: depth.filter((c) => codes.includes(c)), client, lastWrite: this.wall.now(), closed: false };
    // Codes others watch are brought up to now first if the timer has not polled them lately
    // (publishing any change to them), so the snapshot is current and ids stay in order for all.
    const states = codes.map((code) => this.stateOf(code));
    this.subs.add(sub);
    for (const st of states) st.subs.add(sub);
    const depths = sub.depth.map((code) => {
      const st = this.states.get(code)!;
      st.depthSubs.add(sub);
      return this.depthEventOf(code, st);
    });
    this.write(sub, [PREAMBLE, ...[...states].sort((a, b) => a.seq - b.seq).map((st) => st.event), ...depths.filter((e) => e !== null)]);
    this.schedule();
    return { close: () => this.drop(sub) };
  }

  /** One poll: publish every watched code whose quote changed; heartbeat quiet clients. */
  tick(): void {
    this.poll([...this.states.keys()]);
    const wall = this.wall.now();
    for (const sub of this.subs) if (wall - sub.lastWrite >= this.heartbeatMs) this.write(sub, [HEARTBEAT], wall);
  }

  private stateOf(code: string): CodeState {
    let st = this.states.get(code);
    if (st) {
      // Two intervals: a timer tick merely late under load is no reason to quote on every connect.
      if (this.wall.now() - st.checked >= 2 * this.intervalMs) this.poll([code]);
    } else {
      const q = this.market.quote(code, this.market.now());
      const seq = ++this.seq;
      st = { key: keyOf(q), checked: this.wall.now(), seq, event: encode(seq, q), subs: new Set(), depthSubs: new Set(), depthKey: '', depthEvent: null };
      this.states.set(code, st);
    }
    return st;
  }

  /**
   * Quote every code first, then publish the changed ones: the events of one poll leave together
   * instead of waiting behind the next code's quote computation.
   */
  private poll(codes: readonly string[]): void {
    const now = this.market.now();
    const wall = this.wall.now();
    const changed: [CodeState, Quote][] = [];
    const depthChanged: [CodeState, Uint8Array][] = [];
    for (const code of codes) {
      const st = this.states.get(code)!;
      st.checked = wall;
      try {
        const q = this.market.quote(code, now);
        const key = keyOf(q);
        if (key !== st.key) {
          st.key = key;
          changed.push([st, q]);
        }
        if (st.depthSubs.size > 0) {
          const before = st.depthEvent;
          const ev = this.depthEventOf(code, st, now);
          if (ev && ev !== before) depthChanged.push([st, ev]);
        }
      } catch (err) {
        this.logger.warn({ err, code }, 'quote hub: no quote');
      }
    }
    const batches = new Map<Sub, Uint8Array[]>();
    for (const [st, q] of changed) {
      st.seq = ++this.seq;
      st.event = encode(st.seq, q);
      this.onPublish?.(st.seq, q.code);
      for (const sub of st.subs) {
        const batch = batches.get(sub);
        if (batch) batch.push(st.event);
        else batches.set(sub, [st.event]);
      }
    }
    for (const [st, ev] of depthChanged) {
      for (const sub of st.depthSubs) {
        const batch = batches.get(sub);
        if (batch) batch.push(ev);
        else batches.set(sub, [ev]);
      }
    }
    for (const [sub, batch] of batches) this.write(sub, batch, wall);
  }

  /** The code's depth event, redrawn when its 15-second step or its quote moved (null: no book for it). */
  private depthEventOf(code: string, st: CodeState, now = this.market.now()): Uint8Array | null {
    const key = `${Math.floor(now / BOOK_STEP_MS)}|${st.key}`;
    if (key === st.depthKey) return st.depthEvent;
    st.depthKey = key;
    try {
      st.depthEvent = encoder.encode(`event: depth\ndata: ${JSON.stringify(depthOf(this.market, code, now))}\n\n`);
    } catch (err) {
      this.logger.warn({ err, code }, 'quote hub: no depth');
      st.depthEvent = null;
    }
    return st.depthEvent;
  }

  private write(sub: Sub, chunks: readonly Uint8Array[], wall = this.wall.now()): void {
    if (sub.closed) return;
    if (sub.client.send(chunks)) sub.lastWrite = wall;
    else this.drop(sub); // a slow reader: drop it; on reconnect it gets the current state anyway
  }

  private drop(sub: Sub): void {
    if (sub.closed) return;
    sub.closed = true;
    this.subs.delete(sub);
    for (const code of sub.codes) {
      const st = this.states.get(code);
      st?.subs.delete(sub);
      st?.depthSubs.delete(sub);
      if (st && st.subs.size === 0) this.states.delete(code); // nobody watches: stop polling it
    }
    sub.client.end();
    this.schedule();
  }

  private schedule(): void {
    const want = this.running && this.subs.size > 0;
    if (want && !this.timer) {
      this.timer = setInterval(() => this.tick(), this.intervalMs);
      this.timer.unref?.();
    } else if (!want && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}

function encode(seq: number, q: Quote): Uint8Array {
  return encoder.encode(`id: ${seq}\nevent: quote\ndata: ${JSON.stringify(q)}\n\n`);
}
