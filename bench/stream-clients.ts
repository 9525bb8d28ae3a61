/*
 * Child process of bench/stream.ts: holds many SSE connections (raw http with a keep-alive agent,
 * parsed by hand) and records when each event id arrives. Kept out of the server's process so the
 * clients' parsing does not run on the server's event loop. Driven over IPC:
 *   {cmd:'open', url, n, codes: string[][]}  → {opened, failed, ms}
 *   {cmd:'record'}                             → starts recording arrivals
 *   {cmd:'report', published: [seq, t][]}      → {held, events, p50, p99, max}
 *   {cmd:'close'}                              → {closed}
 * Times are epoch ms with sub-ms resolution (timeOrigin + now), comparable across processes.
 */
import http from 'node:http';

interface Conn {
  req: http.ClientRequest;
  open: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let conns: Conn[] = [];
let recording = false;
let ids: number[] = [];
let times: number[] = [];
const now = () => performance.timeOrigin + performance.now();

function connect(url: string): Promise<Conn | null> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (c: Conn | null) => {
      if (!settled) {
        settled = true;
        resolve(c);
      }
    };
    const req = http.get(url, { agent }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        return settle(null);
      }
      const conn: Conn = { req, open: true };
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const t = now();
        buf += chunk;
        // Walk the blocks with an index and cut the buffer once (slicing per block is quadratic).
        let from = 0;
        let i: number;
        while ((i = buf.indexOf('\n\n', from)) >= 0) {
          if (buf.startsWith('id: ', from)) {
            settle(conn); // the first quote of the snapshot: connected
            if (recording) {
              ids.push(Number.parseInt(buf.slice(from + 4, buf.indexOf('\n', from)), 10));
              times.push(t);
            }
          }
          from = i + 2;
        }
        if (from > 0) buf = buf.slice(from);
      });
      res.on('close', () => {
        conn.open = false;
      });
    });
    req.on('error', () => settle(null)); // EMFILE, ECONNRESET, …: counted as failed
  });
}

async function open(base: string, codes: string[][], concurrency = 200) {
  const start = now();
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < codes.length) {
      const k = next++;
      const c = await connect(`${base}?codes=${codes[k]!.join(',')}`);
      if (c) conns.push(c);
      else failed++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { opened: conns.length, failed, ms: Math.round(now() - start) };
}

function report(published: [number, number][]) {
  const at = new Map(published);
  const lags: number[] = [];
  for (let k = 0; k < ids.length; k++) {
    const p = at.get(ids[k]!);
    if (p !== undefined) lags.push(times[k]! - p);
  }
  lags.sort((a, b) => a - b);
  const q = (f: number) => (lags.length ? +lags[Math.min(lags.length - 1, Math.floor(f * lags.length))]!.toFixed(2) : NaN);
  recording = false;
  return { held: conns.filter((c) => c.open).length, events: lags.length, p50: q(0.5), p99: q(0.99), max: q(1) };
}

process.on('message', async (m: any) => {
  if (m.cmd === 'open') process.send!(await open(m.url, m.codes));
  else if (m.cmd === 'record') {
    ids = [];
    times = [];
    recording = true;
    process.send!({ recording: true });
  } else if (m.cmd === 'report') process.send!(report(m.published));
  else if (m.cmd === 'close') {
    for (const c of conns) c.req.destroy();
    const closed = conns.length;
    conns = [];
    process.send!({ closed });
  } else if (m.cmd === 'exit') process.exit(0);
});
process.send!({ ready: true });
