/**
 * The inputs of tests/api/security-parser-limits.test.ts (issue 37 item 1): small requests that
 * ask a parser for a great deal of work, and a client that sends them back to back. Run as a child
 * process (`--bomber`), so the client's own work (writing 1 MB bodies) does not run on the event
 * loop of the server whose latency the test measures: an attacker is another machine.
 */
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';

const MB = 1024 * 1024;

/** The bomb: 20,000 nested arrays, 40 KB. */
export const nesting = '['.repeat(20_000) + ']'.repeat(20_000);
/** Deep and wide: 10,000 levels, then 10,000 siblings at the bottom (18 s and 1.4 GB before the fix). */
const deepWide = '['.repeat(10_000) + '0,'.repeat(10_000) + '0' + ']'.repeat(10_000);
/** Objects nested 10,000 deep, 60 KB. */
const objectNesting = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
/** A flat array and an object of many keys, each just under the 64 KB body limit. */
const flatArray = `[${'0,'.repeat(31_000)}0]`;
export const manyKeys = `{${Array.from({ length: 6_500 }, (_, i) => `"k${i}":0`).join(',')}}`;
/** A long string within the body limit: past the scanner (its limit is the contract's 65,536), zod refuses it. */
const longString = JSON.stringify({ phone: 'x'.repeat(60_000), password: 'x' });

export interface Target {
  url: string;
  /** A user's session, for the upload form. */
  token: string;
}

export interface Answer {
  status: number;
  body: any;
}

export async function post(t: Target, path: string, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<Answer> {
  const res = await fetch(`${t.url}/api/vue/${path}`, { method: 'POST', headers, body: body as BodyInit });
  return { status: res.status, body: await res.json() };
}

export async function get(t: Target, path: string): Promise<Answer> {
  const res = await fetch(`${t.url}/api/vue/${path}`);
  return { status: res.status, body: await res.json() };
}

/**
 * A POST of `bytes` bytes of JSON that is answered before it is all sent. With a Content-Length
 * nothing but the headers is sent (the edge answers from the declared length); chunked, 64 KB at
 * a time with a turn of the event loop between writes, until the answer comes or the connection
 * is closed (status 0, `{closed: code}`).
 */
export function postLarge(t: Target, path: string, bytes: number, framing: 'length' | 'chunked'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const length = framing === 'length' ? { 'content-length': String(bytes) } : { 'transfer-encoding': 'chunked' };
    const req = request(`${t.url}/api/vue/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...length } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
      });
    });
    req.on('error', (err: Error & { code?: string }) => {
      if (answered) return;
      // Refused mid-send, the edge closes the connection: a client still writing may see that before the answer.
      if (framing === 'chunked' && (err.code === 'EPIPE' || err.code === 'ECONNRESET')) resolve({ status: 0, body: { closed: err.code } });
      else reject(err);
    });
    req.flushHeaders();
    if (framing === 'chunked') writeUntilAnswered(req, bytes, () => answered);
  });
}

function writeUntilAnswered(req: ReturnType<typeof request>, bytes: number, answered: () => boolean): void {
  const chunk = Buffer.from(`[${'0,'.repeat(32 * 1024 - 1)}`);
  let sent = 0;
  const write = () => {
    if (answered() || req.destroyed) return;
    if (sent >= bytes) return void req.end(']');
    sent += chunk.length;
    if (req.write(chunk)) setImmediate(write);
    else req.once('drain', () => setImmediate(write));
  };
  write();
}

export const BOUNDARY = 'kabutoBoundary7MA4YWxk';
export const formType = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
export const part = (headers: string, value: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${value}\r\n`;
export const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value);
export const form = (...parts: string[]) => Buffer.from(parts.join('') + `--${BOUNDARY}--\r\n`);
/** Parts no form field is made of (no Content-Disposition): the parser skips them, the part limit counts them. */
export const anonymous = (n: number) => Array.from({ length: n }, () => part('X-Filler: 1', ''));

export interface Bomb {
  label: string;
  send: (t: Target) => Promise<Answer>;
  status: number;
  msg: string;
  /** Sent to a public endpoint: the bound on its answer applies. Upload forms (1 MB, a user's) are only timed. */
  public: boolean;
  /** The connection closed mid-send counts as the refusal (postLarge, chunked). */
  mayClose?: boolean;
}

/** Whether `res` is the refusal `bomb` expects. */
export function refusedAsExpected(bomb: Bomb, res: Answer): boolean {
  if (bomb.mayClose && res.status === 0 && res.body?.closed) return true;
  return res.status === bomb.status && res.body?.msg === bomb.msg;
}

const jsonBomb = (label: string, path: string, body: string, msg = 'invalid_json'): Bomb => ({
  label, send: (t) => post(t, path, body), status: 400, msg, public: true,
});
const uploadBomb = (label: string, body: Buffer): Bomb => ({
  label, send: (t) => post(t, 'uploads', body, { ...formType, token: t.token }), status: 400, msg: 'invalid_request', public: false,
});

export const bombs: Bomb[] = [
  jsonBomb('nesting 40 KB → user/login', 'user/login', nesting),
  jsonBomb('nesting 40 KB → common/config', 'common/config', nesting),
  jsonBomb('deep and wide 40 KB', 'user/login', deepWide),
  jsonBomb('nested objects 60 KB', 'common/config', objectNesting),
  jsonBomb('flat array 31k elements', 'user/login', flatArray),
  jsonBomb('object of 6,500 keys', 'common/config', manyKeys),
  jsonBomb('string of 60,000', 'user/login', longString, 'invalid_request'),
  { label: 'flat array 1 MB, Content-Length', send: (t) => postLarge(t, 'user/login', MB, 'length'), status: 413, msg: 'payload_too_large', public: true },
  {
    label: 'flat array 1 MB, chunked', send: (t) => postLarge(t, 'common/config', MB, 'chunked'), status: 413, msg: 'payload_too_large', public: true, mayClose: true,
  },
  { label: 'query of 1,000 values', send: (t) => get(t, `market/quote/7203?${'x=1&'.repeat(1_000)}`), status: 400, msg: 'invalid_request', public: true },
  { label: 'query value of 12 KB', send: (t) => get(t, `market/quote/7203?x=${'y'.repeat(12 * 1024)}`), status: 400, msg: 'invalid_request', public: true },
  uploadBomb('form of 1 MB of empty parts', form(...Array.from({ length: MB / 40 }, () => part('X-Filler: 1', '')))),
  uploadBomb('form part with 1 MB of header lines', form(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="purpose"\r\n${'X-A: b\r\n'.repeat(MB / 8)}\r\nreceipt\r\n`)),
  uploadBomb('form field of 1 MB', form(field('purpose', 'x'.repeat(MB)))),
];

export const BOMBER = fileURLToPath(import.meta.url);

/** The bomber's messages to the test: started (its first round answered), then its timings. */
export type BomberReport = { started: true } | { timings: Record<string, number[]>; wrong: string[] };

/**
 * The child's loop: every bomb in turn, back to back, from `start` (with the target) until
 * `stop`, and for at least MIN_ROUNDS rounds; then the timings of each kind and any answer other
 * than the expected one. The first round warms up (code compiled, connections open): it reports
 * `started` and its timings are dropped.
 */
function runBomber(): void {
  let stopping = false;
  process.on('message', (m: { start?: Target; stop?: true }) => {
    if (m.stop) stopping = true;
    if (m.start) void bombUntilStopped(m.start, () => stopping);
  });
}

const MIN_ROUNDS = 4;

async function bombUntilStopped(target: Target, stopping: () => boolean): Promise<void> {
  let timings: Record<string, number[]> = {};
  const wrong: string[] = [];
  for (let i = 0; !stopping() || i % bombs.length !== 0 || i < (MIN_ROUNDS + 1) * bombs.length; i++) {
    if (i % bombs.length === 0) {
      if (i === bombs.length) process.send!({ started: true } satisfies BomberReport);
      if (i <= bombs.length) timings = Object.fromEntries(bombs.map((b) => [b.label, []]));
    }
    const bomb = bombs[i % bombs.length]!;
    const start = performance.now();
    const res = await bomb.send(target).catch((err: Error) => ({ status: 0, body: err.message }));
    timings[bomb.label]!.push(performance.now() - start);
    if (!refusedAsExpected(bomb, res)) wrong.push(`${bomb.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  process.send!({ timings, wrong } satisfies BomberReport, () => process.exit(0));
}

if (process.argv.includes('--bomber') && process.send) runBomber();
