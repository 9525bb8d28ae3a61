/**
 * Parser limits that fail fast (issue 37 item 1, "One small request stalls everyone"): 40 KB of
 * nested brackets sent to an unauthenticated endpoint held the event loop for seconds (the
 * control-character walk copied the path at every level: quadratic in the depth), and every other
 * request waited behind it. Now the JSON text is scanned before JSON.parse for depth, items per
 * container and string length (src/server/http/parse-limits.ts), the query for its count and
 * lengths, and the upload form is parsed as it arrives within limits of its own
 * (src/server/modules/uploads/multipart.ts).
 *
 * The timing test measures a reader's latency before and during the bombs in the same run and
 * compares medians and 90th percentiles, with up to three tries, since the host is a loaded 2-core
 * box; it prints what it saw. The bombs come from a child process (tests/support/parser-bombs.ts),
 * killed at the end, so only the server's work is on the event loop the reader waits for.
 */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer } from '../support/server';
import { killGroup, ownProcesses, type OwnedProcesses } from '../support/processes';
import {
  BOMBER, anonymous, bombs, field, form, formType, get, manyKeys, nesting, post, postLarge, refusedAsExpected, type BomberReport, type Target,
} from '../support/parser-bombs';
import { JSON_MAX_DEPTH, JSON_MAX_ITEMS, QUERY_MAX_STRING, QUERY_MAX_VALUES } from '../../src/server/http/parse-limits';
import { FORM_MAX_FIELD_BYTES, FORM_MAX_FRAMING_BYTES, FORM_MAX_PARTS } from '../../src/server/modules/uploads/multipart';
import { MAX_BODY_BYTES } from '../../src/server/http/app';

const MB = 1024 * 1024;
/**
 * What issue 37 asks on this 2-core host at rest: a bomb answered within this, and no more than this
 * added to a reader's latency. The bound is scaled by how much slower the host is during the run,
 * judged by the reader alone against its median at rest (READER_P50_AT_REST_MS, measured on the
 * idle host when issue 37 landed): a test never fails on wall time, yet the stall it guards against
 * (seconds per bomb) stays far outside the bound on any host.
 */
const BOUND_MS = 50;
const READER_P50_AT_REST_MS = 5;
const boundFor = (readerP50: number) => BOUND_MS * Math.max(1, readerP50 / READER_P50_AT_REST_MS);

/** The bomber's next report; its exit before one is an error. */
async function nextReport(child: ChildProcess): Promise<BomberReport> {
  const ac = new AbortController();
  try {
    const [report] = await Promise.race([
      once(child, 'message', { signal: ac.signal }),
      once(child, 'exit', { signal: ac.signal }).then(([code]) => {
        throw new Error(`the bomber exited (${String(code)}) before reporting`);
      }),
    ]);
    return report as BomberReport;
  } finally {
    ac.abort();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const summary = (values: number[]) => ({ p50: percentile(values, 0.5), p90: percentile(values, 0.9), n: values.length });
const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 10) / 10]));

/** One measurement: the reader's latency alone, then while the bomber runs in a process of its own. */
async function measure(target: Target, reads: number, processes: OwnedProcesses) {
  const readQuotes = async (n: number) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      const res = await get(target, 'market/quote/7203');
      out.push(performance.now() - start);
      expect(res.status).toBe(200);
    }
    return out;
  };
  await readQuotes(10); // warm: connection open, code compiled
  const before = await readQuotes(reads);
  const child = processes.fork(BOMBER, ['--bomber'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    child.send({ start: target });
    expect(await nextReport(child)).toEqual({ started: true }); // every kind answered once
    const during = await readQuotes(reads);
    child.send({ stop: true });
    const report = await nextReport(child);
    if (!('timings' in report)) throw new Error('the bomber sent no timings');
    const perBomb = bombs.map((b) => ({ label: b.label, public: b.public, ...summary(report.timings[b.label]!) }));
    return { before: summary(before), during: summary(during), perBomb, wrong: report.wrong };
  } finally {
    killGroup(child);
  }
}

describe.each(testDialects())('parser limits that fail fast (%s)', (dialect) => {
  let s: TestServer;
  let target: Target;
  const processes = ownProcesses(); // the bombers of this dialect's tests
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    target = { url: s.url, token: (await registerUser(s)).token };
  });
  afterAll(() => {
    processes.killAll(); // a bomber left by a timed-out measurement (whose finally never ran)
    return s?.close();
  });

  it('refuses each bomb with 400 (413 over the body limit), naming the limit, and stays up', async () => {
    for (const bomb of bombs) {
      const res = await bomb.send(target);
      expect(refusedAsExpected(bomb, res), `${bomb.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(true);
    }
    expect((await post(target, 'user/login', nesting)).body.params).toEqual({ issue: 'too_deep', max: JSON_MAX_DEPTH });
    expect((await post(target, 'common/config', manyKeys)).body.params).toEqual({ issue: 'too_many', max: JSON_MAX_ITEMS });
    expect((await postLarge(target, 'user/login', MB, 'length')).body.params).toEqual({ max: MAX_BODY_BYTES });
    expect((await get(target, 'market/quote/7203')).status).toBe(200);
  });

  it('holds a query to QUERY_MAX_VALUES values of QUERY_MAX_STRING characters: the limit passes, one more is refused', async () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => `x${i % 3}=1`).join('&');
    expect((await get(target, `market/quote/7203?${values(QUERY_MAX_VALUES)}`)).status).toBe(200);
    const many = await get(target, `market/quote/7203?${values(QUERY_MAX_VALUES + 1)}`);
    expect([many.status, many.body.msg, many.body.params]).toEqual([400, 'invalid_request', { field: 'query', issue: 'too_many', max: QUERY_MAX_VALUES }]);
    expect((await get(target, `market/quote/7203?x=${'y'.repeat(QUERY_MAX_STRING)}`)).status).toBe(200);
    const long = await get(target, `market/quote/7203?x=${'y'.repeat(QUERY_MAX_STRING + 1)}`);
    expect([long.status, long.body.msg, long.body.params]).toEqual([400, 'invalid_request', { field: 'x', issue: 'too_big', max: QUERY_MAX_STRING }]);
  });

  it('holds the upload form to its parts, field size and framing: the limit passes, one more is refused', async () => {
    const upload = (body: Buffer) => post(target, 'uploads', body, { ...formType, token: target.token });
    // Within the part limit the form is read to its end (and then has no file).
    const parts = await upload(form(...anonymous(FORM_MAX_PARTS)));
    expect([parts.status, parts.body.params]).toEqual([400, { field: 'file', issue: 'missing' }]);
    const over = await upload(form(...anonymous(FORM_MAX_PARTS + 1)));
    expect([over.status, over.body.params]).toEqual([400, { field: 'body', issue: 'too_many', max: FORM_MAX_PARTS }]);
    const atField = await upload(form(field('purpose', 'x'.repeat(FORM_MAX_FIELD_BYTES))));
    expect([atField.status, atField.body.params]).toEqual([400, { field: 'file', issue: 'missing' }]);
    const overField = await upload(form(field('purpose', 'x'.repeat(FORM_MAX_FIELD_BYTES + 1))));
    expect([overField.status, overField.body.params]).toEqual([400, { field: 'purpose', issue: 'too_big', max: FORM_MAX_FIELD_BYTES }]);
    // A field far past its size is refused once the form's framing allowance is spent, not at its end.
    const framing = await upload(form(field('purpose', 'x'.repeat(2 * FORM_MAX_FRAMING_BYTES))));
    expect([framing.status, framing.body.params]).toEqual([400, { field: 'body', issue: 'too_big', max: FORM_MAX_FRAMING_BYTES }]);
  });

  it(`answers a bomb in < ${BOUND_MS} ms while a reader of quotes sees no more than ${BOUND_MS} ms added (scaled by the host's load)`, async () => {
    let last: Awaited<ReturnType<typeof measure>> | undefined;
    const verdict = (m: NonNullable<typeof last>) => ({
      bound: boundFor(m.before.p50),
      // Medians per kind: the public endpoints' bombs are held to the bound; the upload forms (1 MB
      // each, a signed-in user's) are timed and printed.
      slow: m.perBomb.filter((b) => b.public && b.p50 >= boundFor(m.before.p50)).map((b) => b.label),
      addedP50: m.during.p50 - m.before.p50,
      addedP90: m.during.p90 - m.before.p90,
    });
    for (let attempt = 1; attempt <= 3; attempt++) {
      last = await measure(target, 80, processes);
      console.log(`[${dialect}] attempt ${attempt}: reader before`, round(last.before), 'during', round(last.during));
      for (const b of last.perBomb) console.log(`[${dialect}]   ${b.label}: median ${b.p50.toFixed(1)} ms, p90 ${b.p90.toFixed(1)} ms over ${b.n}`);
      expect(last.wrong).toEqual([]);
      const v = verdict(last);
      console.log(`[${dialect}] bound ${v.bound.toFixed(1)} ms (${BOUND_MS} ms × the host's slowness now)`);
      if (v.slow.length === 0 && v.addedP50 < v.bound && v.addedP90 < v.bound) break;
    }
    const v = verdict(last!);
    expect(v.slow).toEqual([]);
    expect(v.addedP50).toBeLessThan(v.bound);
    expect(v.addedP90).toBeLessThan(v.bound);
  });
});
