/** Test helpers of the messaging area: an SSE reader over fetch (the stream needs the `token` header). */
import { waitBudgetMs } from '../support/wait';

export interface SseEvent {
  event: string;
  data: any;
}

export interface SseClient {
  events: SseEvent[];
  /**
   * Resolves with the first event (already received or coming) that matches; fails after
   * `timeoutMs`, by default the rest of the test's time (tests/support/wait.ts).
   */
  next(pred: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
  status: number;
}

export async function openSse(url: string, token: string): Promise<SseClient> {
  const ac = new AbortController();
  const res = await fetch(url, { headers: { token, accept: 'text/event-stream' }, signal: ac.signal });
  const events: SseEvent[] = [];
  const waiters: { pred: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }[] = [];
  const client: SseClient = {
    events,
    status: res.status,
    next(pred, timeoutMs = waitBudgetMs()) {
      const found = events.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching event in ${timeoutMs} ms; got ${JSON.stringify(events)}`)), timeoutMs);
        waiters.push({ pred, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => ac.abort(),
  };
  if (res.status !== 200 || !res.body) return client;
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buf += value;
        let i: number;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (!data) continue;
          const e = { event, data: JSON.parse(data) };
          events.push(e);
          for (const w of [...waiters]) {
            if (w.pred(e)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(e);
            }
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  await client.next((e) => e.event === 'ready');
  return client;
}
