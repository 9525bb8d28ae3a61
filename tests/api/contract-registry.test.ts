/**
 * Completeness from the registry (docs/architecture.md, "The contract"): every endpoint in
 * ALL_ENDPOINTS is mounted and documented, every admin endpoint is admin-only, every money
 * command refuses a request without an Idempotency-Key — no hand-picked lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, findEndpoint } from '../../src/shared/api/registry';
import { testDialects } from '../support/db';
import { checkResponse } from '../support/contract-client';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';

/** A concrete path for an endpoint: every `{param}` filled with a value no row has. */
const concrete = (path: string) => path.replace(/\{\w+\}/g, 'ZZ00000000');

describe('the contract registry', () => {
  it('lists every endpoint once, with unique method + path, and admin paths are auth admin', () => {
    const keys = ALL_ENDPOINTS.map((ep) => `${ep.method} ${ep.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const ep of ALL_ENDPOINTS) {
      if (ep.path.startsWith('admin/')) expect(ep.auth, ep.path).toBe('admin');
      expect(findEndpoint(ep.method, concrete(ep.path)), ep.path).toBe(ep);
    }
  });

  it('checks every answer of the test server against the endpoint schema', () => {
    expect(() => checkResponse('get', 'funds/summary', 200, { status: 1, msg: '', data: { currency: 'JPY' } })).toThrow(/outside its schema/);
    expect(() => checkResponse('get', 'funds/summary', 200, { status: 0, msg: 'x', data: null })).toThrow(/failure envelope/);
    expect(() => checkResponse('get', 'funds/summary', 401, { status: 0, msg: 'login_required', data: null })).not.toThrow();
    expect(() => checkResponse('get', 'funds/summary', 401, { status: 0, msg: 'login_required' })).toThrow(/outside its schema/);
  });
});

describe.each(testDialects())('every endpoint of the registry (%s)', (dialect) => {
  let s: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    user = await registerUser(s);
  });
  afterAll(() => s?.close());

  it('is in the OpenAPI document, and the document has nothing the registry lacks', async () => {
    const doc = (await s.call('get', 'openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path.replace(/^\/api\/vue\//, '')}`)),
    );
    for (const ep of ALL_ENDPOINTS) expect(documented.has(`${ep.method} ${ep.path}`), `${ep.method} ${ep.path}`).toBe(true);
    // The quote stream is transport, documented by hand (src/server/http/market-stream.ts).
    const extra = [...documented].filter((k) => k !== 'get market/stream' && !ALL_ENDPOINTS.some((ep) => `${ep.method} ${ep.path}` === k));
    expect(extra).toEqual([]);
  });

  it('is mounted: none answers the router 404', async () => {
    // A session of its own: the walk calls logout and password change too.
    const walker = await registerUser(s);
    for (const ep of ALL_ENDPOINTS) {
      const res = await s.call(ep.method, concrete(ep.path), { token: walker.token, body: ep.body ? {} : undefined });
      expect(res.status === 404 && res.body.msg === 'not_found', `${ep.method} ${ep.path}`).toBe(false);
    }
  });

  it('needs a session unless public, and admin endpoints refuse a user with 403 admin_only', async () => {
    for (const ep of ALL_ENDPOINTS.filter((e) => e.auth !== 'none')) {
      const anon = await s.call(ep.method, concrete(ep.path), { body: ep.body ? {} : undefined });
      expect(anon.status, `${ep.method} ${ep.path}`).toBe(401);
    }
    for (const ep of ALL_ENDPOINTS.filter((e) => e.auth === 'admin')) {
      const res = await s.call(ep.method, concrete(ep.path), { token: user.token, body: ep.body ? {} : undefined });
      expect([res.status, res.body.msg], `${ep.method} ${ep.path}`).toEqual([403, 'admin_only']);
    }
  });

  it('refuses a money command without an Idempotency-Key, and with a malformed one', async () => {
    const commands = ALL_ENDPOINTS.filter((e) => e.idempotent);
    expect(commands.length).toBeGreaterThan(0);
    for (const ep of commands) {
      const token = ep.auth === 'admin' ? s.admin.token : user.token;
      const none = await s.call(ep.method, concrete(ep.path), { token, body: ep.body ? {} : undefined });
      expect([none.status, none.body.msg], `${ep.method} ${ep.path}`).toEqual([400, 'idempotency_key_required']);
      const bad = await s.call(ep.method, concrete(ep.path), { token, body: {}, headers: { 'Idempotency-Key': 'no spaces!' } });
      expect([bad.status, bad.body.msg], `${ep.method} ${ep.path}`).toEqual([400, 'invalid_request']);
    }
  });
});
