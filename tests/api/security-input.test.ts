/**
 * Input refused at the contract before anything reads it (src/server/http/input-guard.ts): control
 * characters in path params, query, JSON body and input headers (issue 10 §2: `%00` or `\u0000`
 * reached PostgreSQL → 500 "invalid byte sequence for encoding UTF8: 0x00"), and bodies that are
 * not JSON (Hono's validator read them as `{}`, so a command with only optional fields ran).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { countUsers, startTestServer, type TestServer, type TestUser } from '../support/server';
import { placed, position, trader } from './trade-support';

describe.each(testDialects())('control characters and content types (%s)', (dialect) => {
  let s: TestServer;
  let user: TestUser;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    user = await trader(s);
  });
  afterAll(() => s?.close());

  const refused = (res: { status: number; body: any }, field: string) =>
    expect([res.status, res.body.msg, res.body.params?.field], JSON.stringify(res.body)).toEqual([400, 'invalid_request', field]);

  it('refuses %00 (and every other control character) in a path id with 400, never reaching the database', async () => {
    refused(await s.call('get', 'trade/positions/%00abc', { token: user.token }), 'id');
    refused(await s.call('post', `admin/users/a%00b/grant`, {
      token: s.admin.token, headers: { 'Idempotency-Key': uuidv7() }, body: { currency: 'JPY', amount: 1, reason: 'test funds' },
    }), 'id');
    for (const ch of ['%01', '%0A', '%0D', '%1F', '%7F', '%09']) refused(await s.call('get', `market/quote/72${ch}03`), 'code');
  });

  it('refuses \\u0000 in a JSON string, at any depth and in keys, and changes nothing', async () => {
    const before = await countUsers(s);
    refused(await s.call('post', 'user/register', {
      body: { phone: '08011112222', password: 'pass-word-123', password2: 'pass-word-123', inviteCode: `${s.admin.inviteCode}\u0000`, agree: true },
    }), 'inviteCode');
    expect(await countUsers(s)).toBe(before);

    // A valid request but for the NUL in its reason: without the guard the state would change.
    refused(await s.call('post', `admin/users/${user.id}/state`, { token: s.admin.token, body: { state: 'frozen', reason: 'abuse\u0000report' } }), 'reason');
    refused(await s.call('post', `admin/users/${user.id}/state`, { token: s.admin.token, body: { state: 'frozen', reason: 'two\nlines' } }), 'reason');
    refused(await s.call('post', 'common/config', { body: { type: 'all', 'x\u0000': 1 } }), 'x\u0000');
    refused(await s.call('post', 'watchlist/order', { token: user.token, body: { codes: ['7203', 'a\u0000'] } }), 'codes.1');
    const info = await s.call('get', 'user/info', { token: user.token });
    expect(info.body.data.state).toBe('active');
  });

  it('refuses control characters in the query: cursors, codes, search text', async () => {
    refused(await s.call('get', 'admin/audit?cursor=%00', { token: s.admin.token }), 'cursor');
    refused(await s.call('get', 'funds/records?cursor=abc%00', { token: user.token }), 'cursor');
    refused(await s.call('get', 'market/search?q=toyota%1b', {}), 'q');
  });

  it('refuses a body that is not JSON with 415, so a command with only optional fields does not run', async () => {
    const pos = await placed(s, user);
    const held = (await position(s, user, pos.id)).status;
    const res = await s.call('post', `trade/positions/${pos.id}/close`, {
      token: user.token, raw: '{}', headers: { 'content-type': 'text/plain', 'Idempotency-Key': uuidv7() },
    });
    expect([res.status, res.body.msg]).toEqual([415, 'unsupported_media_type']);
    expect((await position(s, user, pos.id)).status).toBe(held);
    // Form posts too; a JSON body with a charset parameter is fine.
    const form = await s.call('post', 'user/login', { raw: 'phone=1&password=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.status).toBe(415);
    const ok = await s.call('post', 'user/login', {
      raw: JSON.stringify({ phone: user.phone, password: user.password }), headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(ok.status).toBe(200);
  });
});
