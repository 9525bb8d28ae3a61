import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { startTestServer, type TestServer } from '../support/server';

describe.each(testDialects())('HTTP edge (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await s.call('get', 'no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 0, msg: 'not_found', data: null });
    const post = await s.call('post', 'x', { body: {} });
    expect(post.status).toBe(404);
    expect(post.body.msg).toBe('not_found');
  });

  it('wraps success as {status: 1, msg: "", data}', async () => {
    const res = await s.call('post', 'common/config', { body: { type: 'all' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe(1);
    expect(res.body.msg).toBe('');
    expect(Array.isArray(res.body.data)).toBe(true);
  });

  it('refuses malformed JSON with 400 invalid_json', async () => {
    const res = await s.call('post', 'user/login', { raw: '{"phone": "0901' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 0, msg: 'invalid_json', data: null });
  });

  it('refuses a body over 64 KB with 413 payload_too_large', async () => {
    const raw = JSON.stringify({ phone: '09012345678', password: 'x'.repeat(70 * 1024) });
    const res = await s.call('post', 'user/login', { raw });
    expect(res.status).toBe(413);
    expect(res.body.status).toBe(0);
    expect(res.body.msg).toBe('payload_too_large');
    expect(res.body.data).toBeNull();
  });

  it('names the first missing field in a 400 invalid_request', async () => {
    const res = await s.call('post', 'user/login', { body: { phone: '09012345678' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('invalid_request');
    expect(res.body.params.field).toBe('password');
    expect(res.body.data).toBeNull();
  });

  it('serves the OpenAPI document listing the contract paths', async () => {
    const res = await s.call('get', 'openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const paths = Object.keys(res.body.paths);
    for (const p of [
      '/api/vue/common/config',
      '/api/vue/user/register',
      '/api/vue/user/login',
      '/api/vue/user/logout',
      '/api/vue/user/info',
      '/api/vue/user/password',
      '/api/vue/user/fund-password',
      '/api/vue/admin/audit',
      '/api/vue/admin/users/{id}/state',
      '/api/vue/admin/config',
    ]) {
      expect(paths).toContain(p);
    }
  });

  it('sends security headers, no-store on the API and a request id', async () => {
    const res = await s.call('post', 'common/config', { body: { type: 'all' } });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/\S{8,}/);
    const again = await s.call('post', 'common/config', { body: { type: 'all' } });
    expect(again.headers.get('x-request-id')).not.toBe(id);
  });

  it('never leaks a stack trace: failures carry only status, msg, params and data', async () => {
    const res = await s.call('get', 'user/info', { token: 'nonsense' });
    expect(res.status).toBe(401);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'msg', 'status']);
  });
});
