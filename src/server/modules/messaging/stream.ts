import type { Bus } from '../../platform/bus';
import type { StreamEvent } from './service';

/** Silence longer than this gets a `: hb` comment, so proxies keep the connection. */
const HEARTBEAT_MS = 15_000;

/** Open support streams of this process (ended by `endAllStreams` at shutdown). */
const open = new Set<() => void>();

/**
 * A support stream (text/event-stream) fed by one bus topic: `retry: 3000`, then the first events
 * (the unread counts), then `event: ready` once the subscription is live (Redis has confirmed it),
 * then one event per published change (`chat`, `unread`, `thread`). A reconnecting client re-reads
 * the thread: events say "look now", the database holds the history.
 */
export function sseResponse(bus: Bus, topic: string, first: () => Promise<StreamEvent[]>): Response {
  const enc = new TextEncoder();
  let stop: (() => void) | null = null;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      // Set once the subscription is live; `stop` may run before that.
      const live: { timer?: ReturnType<typeof setInterval>; off?: () => void } = {};
      const end = () => stop?.();
      const write = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(enc.encode(text));
        } catch {
          end();
        }
      };
      const send = (e: StreamEvent | { event: 'ready'; data: object }) => write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      stop = () => {
        if (closed) return;
        closed = true;
        open.delete(end);
        if (live.timer) clearInterval(live.timer);
        live.off?.();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      open.add(end);
      write('retry: 3000\n\n');
      live.off = await bus.subscribe(topic, (payload) => send(payload as StreamEvent));
      if (closed) live.off();
      for (const e of await first()) send(e);
      send({ event: 'ready', data: {} });
      live.timer = setInterval(() => write(': hb\n\n'), HEARTBEAT_MS);
      live.timer.unref?.();
    },
    cancel() {
      stop?.();
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'x-accel-buffering': 'no',
    },
  });
}

/** Ends every open support stream (server shutdown, tests). */
export function endAllStreams(): void {
  for (const end of [...open]) end();
}
