import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer } from '../support/server';
import { hashToken } from '../../src/server/modules/account/sessions';
import { SESSION_MAX_AGE_MS } from '../../src/shared/domain/account';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDialects())('sessions (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const info = (token?: string) => s.call('get', 'user/info', token === undefined ? {} : { token });
  const lastSeen = async (token: string) => {
    const row = await s.services.database.db.selectFrom('sessions').select('last_seen_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
    return Number(row.last_seen_at);
  };
  function expect401(res: { status: number; body: any }, msg: string) {
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 0, msg, data: null });
  }

  it('a missing token is 401 login_required; an unknown one is 401 session_expired', async () => {
    expect401(await info(), 'login_required');
    expect401(await info(''), 'login_required');
    expect401(await info('x'.repeat(43)), 'session_expired');
    expect401(await s.call('post', 'user/logout'), 'login_required');
  });

  it('logout revokes only the current session', async () => {
    const u = await registerUser(s);
    const second = (await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).body.data.token as string;
    const out = await s.call('post', 'user/logout', { token: u.token });
    expect(out.status).toBe(200);
    expect(out.body.data).toEqual({ ok: true });
    expect401(await info(u.token), 'session_expired');
    expect401(await s.call('post', 'user/logout', { token: u.token }), 'session_expired');
    expect((await info(second)).status).toBe(200);
  });

  it('expires after 30 idle days (to the millisecond)', async () => {
    const u = await registerUser(s);
    s.clock.advance(30 * DAY);
    expect((await info(u.token)).status).toBe(200); // exactly 30 days idle: still alive, and now touched
    s.clock.advance(30 * DAY);
    expect((await info(u.token)).status).toBe(200);
    s.clock.advance(30 * DAY + 1);
    expect401(await info(u.token), 'session_expired');
    // a fresh login works again
    expect((await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).status).toBe(200);
  });

  it('records use at most once a minute, so reads stay reads', async () => {
    const u = await registerUser(s);
    const t0 = await lastSeen(u.token);
    expect(t0).toBe(s.clock.now());
    s.clock.advance(59_999);
    await info(u.token);
    expect(await lastSeen(u.token)).toBe(t0);
    s.clock.advance(1);
    await info(u.token);
    expect(await lastSeen(u.token)).toBe(t0 + 60_000);
  });

  it('trying an idle-expired session does not revive it', async () => {
    const u = await registerUser(s);
    s.clock.advance(31 * DAY);
    expect401(await info(u.token), 'session_expired');
    expect401(await info(u.token), 'session_expired');
  });

  it('ends a session 90 days after login however often it is used (issue 10 item 6)', async () => {
    expect(SESSION_MAX_AGE_MS).toBe(90 * DAY);
    const u = await registerUser(s);
    // used every 29 days: never idle for 30, alive on days 29, 58 and 87
    for (let day = 29; day <= 87; day += 29) {
      s.clock.advance(29 * DAY);
      expect((await info(u.token)).status, `day ${day}`).toBe(200);
    }
    s.clock.advance(3 * DAY - 60_000); // one minute before day 90
    expect((await info(u.token)).status).toBe(200);
    s.clock.advance(2 * 60_000); // one minute after
    expect401(await info(u.token), 'session_expired');
    // a new login starts a new 90 days
    const again = await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
    expect((await info(again.body.data.token)).status).toBe(200);
  });
});
