import { apiBase, sessionHeaders } from '../../api/client';

/**
 * A server-sent event stream that needs the session: fetch (the browser's session cookie goes with
 * it; the native shell's `token` header, which EventSource could not send), read the body, split
 * events; reconnects after 3 s (or the server's `retry`) while open. Returns the close function.
 */
export function openStream(path: string, onEvent: (event: string, data: unknown) => void): () => void {
  let closed = false;
  let ctrl: AbortController | null = null;
  let retry = 3000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    if (closed) return;
    ctrl = new AbortController();
    const signal = ctrl.signal;
    try {
      const headers: Record<string, string> = { accept: 'text/event-stream', ...(await sessionHeaders()) };
      if (signal.aborted) return;
      const res = await fetch(apiBase() + path, { headers, signal, cache: 'no-store', credentials: 'same-origin' });
      if (!res.ok || !res.body) throw new Error(String(res.status));
      // A refused stream (signed out, not an admin) is not retried.
      if (res.status === 401 || res.status === 403) return;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
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
            else if (line.startsWith('retry: ')) retry = Number(line.slice(7)) || retry;
          }
          if (!data) continue;
          try {
            onEvent(event, JSON.parse(data));
          } catch {
            // a malformed event is skipped
          }
        }
      }
    } catch {
      // network gone or aborted: retry below unless closed
    }
    if (!closed) timer = setTimeout(() => void connect(), retry);
  };
  void connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    ctrl?.abort();
  };
}
