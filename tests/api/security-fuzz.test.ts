/**
 * Registry-driven malformed input (issue 10 §7, docs/architecture.md "The contract"): every
 * endpoint of ALL_ENDPOINTS, with the session it needs, gets generated bad input — wrong types,
 * out-of-bounds and huge numbers, control characters, injection strings, oversized and non-JSON
 * bodies, bad path ids, bad tokens — and must answer a 4xx envelope (never 5xx) and leave every
 * table as it was. A new endpoint is walked the day it joins the registry.
 *
 * Injection strings (SQL, HTML) in a free-text field may be valid text; there the answer must be
 * an envelope below 500, and the state must still not change (the other required fields are
 * missing, or the path id names nothing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { ALL_ENDPOINTS, type AnyEndpoint } from '../../src/shared/api/registry';
import { MAX_BODY_BYTES } from '../../src/server/http/app';
import { hasControlCharacter, takesMultiLineText } from '../../src/server/http/input-guard';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { fieldsOf, isFreeText, pathOf, stateDigest, type FieldInfo } from '../support/security';
import { placed, trader } from './trade-support';

const MISSING_ID = 'ZZ00000000';

/** Per endpoint, a field that makes an otherwise valid body name nothing (see `companion` below). */
const COMPANIONS: Record<string, Record<string, unknown>> = {
  'support/messages': { uploadId: MISSING_ID },
};

/** Values no field of the contract accepts whatever its type (wrong JSON types, control characters, absurd numbers). */
const BAD_VALUES: readonly unknown[] = [
  null, true, [], [1, 2], {}, { $gt: '' }, { __proto__: { admin: true } },
  -1, -1e308, 1e308, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1e-300,
  '\u0000', 'a\u0000b', '\u001b[31m', '\u007f', 'line\nbreak', '\t',
];
/** Plausible text that is hostile if pasted into SQL or HTML: refused unless the field takes free text. */
const INJECTIONS: readonly string[] = [
  "' OR '1'='1' --", '1; DROP TABLE users; --', "\\'; SELECT pg_sleep(5); --", '<script>alert(1)</script>',
  '${7*7}{{7*7}}', '../../../../etc/passwd', '\u202egnp.exe', '𝕏'.repeat(300), 'NaN', '-0', '1e999', '9'.repeat(400),
];
/** Values for a bad path segment (already URI-encoded where needed). */
const BAD_PATH_VALUES: readonly string[] = [
  MISSING_ID, '%00', 'a%00b', '%0A', '-1', '0', '99999999999999999999999', "1'%20OR%20'1'%3D'1", '%3Cscript%3E',
  '..%2F..%2Fetc%2Fpasswd', 'a'.repeat(2_000), '%F0%9F%92%A9', '%E2%80%AE', 'null', 'undefined', '%25',
];
/** Values for a bad query parameter (URI-encoded). */
const BAD_QUERY_VALUES: readonly string[] = ['%00', 'x%1Fy', 'abc', '-1', '1e400', '99999999999999999999999', '%5B%5D'];
const INJECTION_QUERY_VALUES: readonly string[] = ["'%20OR%201%3D1--", '%3Cscript%3E', 'a'.repeat(3_000), ''];
const BAD_TOKENS: readonly string[] = ['x', 'a'.repeat(4_000), "' OR '1'='1", MISSING_ID, `${'0'.repeat(63)}g`];
const RAW_BODIES: readonly string[] = ['', '{', '{"a":', 'null', '[]', '"text"', '123', 'true', `${'['.repeat(5_000)}${']'.repeat(5_000)}`];

interface Case {
  label: string;
  path: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  /** Token override: undefined keeps the endpoint's session, '' sends none. */
  token?: string;
  /** Must be refused (4xx); otherwise only below 500. */
  strict: boolean;
}

function casesFor(ep: AnyEndpoint, realParam: (name: string) => string): Case[] {
  const cases: Case[] = [];
  const ok = pathOf(ep, realParam);
  const missing = pathOf(ep, MISSING_ID);
  const jsonBody = ep.body !== undefined && ep.method !== 'get';

  // An unexpected query parameter carrying a control character: every endpoint, even one without input.
  cases.push({ label: 'extra query with NUL', path: `${ok}?x=%00`, body: jsonBody ? {} : undefined, strict: true });
  cases.push({ label: 'query name with NUL', path: `${ok}?a%00b=1`, body: jsonBody ? {} : undefined, strict: true });

  // A well-formed id that names nothing may be a no-op success (deleting a code not in the watchlist).
  for (const v of BAD_PATH_VALUES) {
    if (ep.params) cases.push({ label: `path ${v.slice(0, 20)}`, path: pathOf(ep, v, true), body: jsonBody ? {} : undefined, strict: !/^[A-Za-z0-9-]{1,30}$/.test(v) });
  }

  for (const f of fieldsOf(ep.query)) {
    for (const v of BAD_QUERY_VALUES) {
      // 'abc' and friends are text: refused only by a field that is not free text.
      const strict = /%00|%1F/.test(v) || !isFreeText(f);
      cases.push({ label: `query ${f.name}=${v}`, path: `${missing}?${f.name}=${v}`, strict });
    }
    for (const v of INJECTION_QUERY_VALUES) cases.push({ label: `query ${f.name}=${v.slice(0, 20)}`, path: `${missing}?${f.name}=${v}`, strict: false });
    cases.push({ label: `query ${f.name} twice`, path: `${missing}?${f.name}=1&${f.name}=%00`, strict: true });
  }

  if (jsonBody) {
    const fields: FieldInfo[] = fieldsOf(ep.body);
    // Where one free-text field is the whole of a valid body (a chat line), any text is a real
    // request: a companion field that names nothing keeps the case a refusal, as `missing` does elsewhere.
    const companion: Record<string, unknown> = COMPANIONS[ep.path] ?? {};
    for (const f of fields) {
      for (const v of BAD_VALUES) {
        // A line break or tab is content, not bad input, in a field that takes multi-line text (a chat line).
        if (typeof v === 'string' && takesMultiLineText(f.name) && !hasControlCharacter(v.replace(/[\t\n\r]/g, ''))) continue;
        cases.push({ label: `body ${f.name}=${JSON.stringify(v)?.slice(0, 20)}`, path: missing, body: { ...companion, [f.name]: v }, strict: !wrongTypeMayFit(f, v) });
      }
      for (const v of INJECTIONS) cases.push({ label: `body ${f.name}=${v.slice(0, 20)}`, path: missing, body: { ...companion, [f.name]: v }, strict: !isFreeText(f) });
      // Oversized: one field past the body limit.
      cases.push({ label: `body ${f.name} oversized`, path: ok, body: { [f.name]: 'a'.repeat(MAX_BODY_BYTES + 1) }, strict: true });
    }
    cases.push({ label: 'body with NUL in a key', path: ok, body: { 'a\u0000': 1 }, strict: true });
    cases.push({ label: 'body: an array of everything', path: ok, body: [...BAD_VALUES], strict: true });
    for (const raw of RAW_BODIES) cases.push({ label: `raw body ${raw.slice(0, 12)}`, path: ok, raw, strict: true });
    cases.push({ label: 'text/plain body', path: ok, raw: '{}', headers: { 'content-type': 'text/plain' }, strict: true });
    cases.push({ label: 'form body', path: ok, raw: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, strict: true });
    cases.push({ label: 'multipart body', path: ok, raw: '--x\r\n\r\n--x--', headers: { 'content-type': 'multipart/form-data; boundary=x' }, strict: true });
  }

  if (ep.auth !== 'none') {
    for (const t of BAD_TOKENS) cases.push({ label: `token ${t.slice(0, 12)}`, path: ok, body: jsonBody ? {} : undefined, token: t, strict: true });
    cases.push({ label: 'no token', path: ok, body: jsonBody ? {} : undefined, token: '', strict: true });
  }
  if (ep.idempotent) {
    for (const key of ['short', 'a'.repeat(65), 'has space', "' OR 1=1", '😀'.repeat(10)]) {
      cases.push({ label: `key ${key.slice(0, 12)}`, path: ok, body: jsonBody ? {} : undefined, headers: { 'Idempotency-Key': encodeURIComponent(key) }, strict: true });
    }
  }
  return cases;
}

/** A value of a "bad" JSON type can still fit a field of that type, or one that takes anything (a config value). */
function wrongTypeMayFit(f: FieldInfo, v: unknown): boolean {
  if (typeof v === 'string' && hasControlCharacter(v)) return false;
  const s = f.schema;
  if (Object.keys(s).length === 0) return true; // unrepresentable: any
  const types = new Set([s.type, ...((s.anyOf as { type?: string }[] | undefined) ?? []).map((x) => x.type)].filter(Boolean) as string[]);
  const jsonType = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
  return types.has(jsonType) || (jsonType === 'number' && types.has('integer') && Number.isInteger(v));
}

describe.each(testDialects())('malformed input to every endpoint (%s)', (dialect) => {
  let s: TestServer;
  let user: TestUser;
  let positionId: string;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    user = await trader(s);
    positionId = (await placed(s, user)).id as string;
  });
  afterAll(() => s?.close());

  /** Existing resources for path params, so the input, not the id, is what is wrong. */
  const realParam = (ep: AnyEndpoint) => (name: string) => {
    if (name === 'code') return '7203';
    if (ep.path.startsWith('admin/users/')) return user.id;
    if (ep.path.startsWith('trade/')) return positionId;
    return MISSING_ID;
  };

  it('answers a 4xx envelope and changes nothing, for 100 % of ALL_ENDPOINTS', async () => {
    let walked = 0;
    let sent = 0;
    const problems: string[] = [];
    for (const ep of ALL_ENDPOINTS) {
      const before = await stateDigest(s);
      const session = ep.auth === 'admin' ? s.admin.token : ep.auth === 'user' ? user.token : undefined;
      for (const c of casesFor(ep, realParam(ep))) {
        const headers: Record<string, string> = { ...(ep.idempotent ? { 'Idempotency-Key': uuidv7() } : {}), ...c.headers };
        const token = c.token === undefined ? session : c.token || undefined;
        let res;
        try {
          res = await s.call(ep.method, c.path, { token, headers, body: c.body, raw: c.raw });
        } catch (err) {
          problems.push(`${ep.method} ${ep.path} [${c.label}]: ${(err as Error).message.slice(0, 200)}`);
          continue;
        }
        sent += 1;
        const envelope = typeof res.body === 'object' && res.body !== null && res.body.status === 0 && typeof res.body.msg === 'string';
        const refused = res.status >= 400 && res.status < 500 && envelope;
        const fine = c.strict ? refused : res.status < 500 && (refused || res.body?.status === 1);
        if (!fine) problems.push(`${ep.method} ${ep.path} [${c.label}] → ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`);
      }
      const after = await stateDigest(s);
      if (JSON.stringify(after) !== JSON.stringify(before)) {
        const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
        problems.push(`${ep.method} ${ep.path}: state changed in ${changed.join(', ')}`);
      }
      walked += 1;
    }
    console.log(`security-fuzz (${dialect}): walked ${walked} of ${ALL_ENDPOINTS.length} endpoints, ${sent} malformed requests`);
    expect(problems).toEqual([]);
    expect(walked).toBe(ALL_ENDPOINTS.length);
    // About 9,500 requests over every endpoint, a state digest around each: 40-80 s on a loaded
    // 2-core host, so the project's 60 s per test is too tight for this one walk; beside a CPU hog
    // (issue 34) it passed 300 s, so 600 s: room for that, and a hang still fails.
  }, 600_000);
});
