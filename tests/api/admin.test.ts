import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';

describe.each(testDialects())('admin (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const setState = (id: string, body: Record<string, unknown>, token = s.admin.token) =>
    s.call('post', `admin/users/${id}/state`, { token, body });
  const audit = (query = '', token = s.admin.token) => s.call('get', `admin/audit${query}`, { token });
  const login = (u: TestUser) => s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } });
  const auditCount = async () => (await s.services.database.db.selectFrom('admin_audit').select('id').execute()).length;
  const authUser = async (token: string) => s.services.sessions.authenticate(token);

  it('is closed to anonymous callers (401) and ordinary users (403 admin_only)', async () => {
    const u = await registerUser(s);
    for (const res of [await audit('', ''), await setState(u.id, { state: 'frozen', reason: 'test' }, '')]) {
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('login_required');
    }
    for (const res of [await audit('', u.token), await setState(u.id, { state: 'frozen', reason: 'test' }, u.token)]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ status: 0, msg: 'admin_only', data: null });
    }
    expect((await s.call('get', 'user/info', { token: u.token })).body.data.state).toBe('active');
  });

  it('freezes an account: the user still signs in, sees state and reason, cannot move money or trade', async () => {
    const u = await registerUser(s);
    const before = await auditCount();
    const res = await setState(u.id, { state: 'frozen', reason: 'documents under review' });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: u.id, state: 'frozen' });
    expect(await auditCount()).toBe(before + 1);

    const info = await s.call('get', 'user/info', { token: u.token });
    expect(info.body.data).toMatchObject({ state: 'frozen', stateReason: 'documents under review' });
    expect((await login(u)).status).toBe(200);
    const user = await authUser(u.token);
    expect(() => s.services.accounts.assertCanMoveMoney(user)).toThrow(expect.objectContaining({ kind: 'forbidden', messageId: 'account_frozen' }));
    expect(() => s.services.accounts.assertCanTrade(user)).toThrow(expect.objectContaining({ messageId: 'account_frozen' }));
  });

  it('no_trade stops trading but not money movement; active allows both', async () => {
    const u = await registerUser(s);
    expect((await setState(u.id, { state: 'no_trade', reason: 'contact customer service' })).status).toBe(200);
    expect((await login(u)).status).toBe(200);
    const user = await authUser(u.token);
    expect(() => s.services.accounts.assertCanTrade(user)).toThrow(expect.objectContaining({ kind: 'forbidden', messageId: 'account_no_trade' }));
    expect(() => s.services.accounts.assertCanMoveMoney(user)).not.toThrow();

    expect((await setState(u.id, { state: 'active', reason: 'resolved by phone' })).status).toBe(200);
    const active = await authUser(u.token);
    expect(() => s.services.accounts.assertCanTrade(active)).not.toThrow();
    expect(() => s.services.accounts.assertCanMoveMoney(active)).not.toThrow();
  });

  it('banning ends every session and refuses login with 403 account_banned; lifting it restores login', async () => {
    const u = await registerUser(s);
    const second = (await login(u)).body.data.token as string;
    expect((await setState(u.id, { state: 'banned', reason: 'fraud report 2026-117' })).status).toBe(200);
    for (const token of [u.token, second]) {
      const res = await s.call('get', 'user/info', { token });
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('session_expired');
    }
    const refused = await login(u);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ msg: 'account_banned', params: { reason: 'fraud report 2026-117' } });
    // a wrong password does not disclose the ban
    const wrong = await s.call('post', 'user/login', { body: { phone: u.phone, password: 'not-the-password' } });
    expect(wrong.status).toBe(422);

    expect((await setState(u.id, { state: 'active', reason: 'ban lifted on appeal' })).status).toBe(200);
    const back = await login(u);
    expect(back.status).toBe(200);
    const info = await s.call('get', 'user/info', { token: back.body.data.token });
    expect(info.body.data).toMatchObject({ state: 'active', stateReason: 'ban lifted on appeal' });
  });

  it('an unknown user is 404 user_not_found and writes no audit row', async () => {
    const before = await auditCount();
    const res = await setState('01900000-0000-7000-8000-000000000000', { state: 'frozen', reason: 'nobody' });
    expect(res.status).toBe(404);
    expect(res.body.msg).toBe('user_not_found');
    expect(await auditCount()).toBe(before);
  });

  it('validates state and reason', async () => {
    const u = await registerUser(s);
    const bad = await setState(u.id, { state: 'deleted', reason: 'no such state' });
    expect(bad.status).toBe(400);
    expect(bad.body.params.field).toBe('state');
    const noReason = await setState(u.id, { state: 'frozen', reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.params.field).toBe('reason');
    expect((await s.call('get', 'user/info', { token: u.token })).body.data.state).toBe('active');
  });

  it('an admin cannot restrict their own account', async () => {
    const res = await setState(s.admin.id, { state: 'banned', reason: 'oops, myself' });
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('forbidden');
    expect((await s.call('get', 'user/info', { token: s.admin.token })).status).toBe(200);
  });

  it('rolls the change back when its audit row cannot be written (one transaction)', async () => {
    const u = await registerUser(s);
    const spy = vi.spyOn(s.services.audit, 'record').mockRejectedValue(new Error('disk full'));
    try {
      const res = await setState(u.id, { state: 'banned', reason: 'should not stick' });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ status: 0, msg: 'internal_error', data: null });
      const cfg = await s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'title', value: 'Nope', reason: 'should not stick' } });
      expect(cfg.status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    const info = await s.call('get', 'user/info', { token: u.token });
    expect(info.status).toBe(200); // not banned, session not revoked
    expect(info.body.data.state).toBe('active');
    const title = (await s.call('post', 'common/config', { body: { type: 'all' } })).body.data.find((i: { name: string }) => i.name === 'title');
    expect(title.value).toBe('Kabuto');
  });

  it('lists the audit log newest first with who, what, target, reason, detail and when, paged by cursor', async () => {
    const u = await registerUser(s);
    const t = s.clock.now();
    await setState(u.id, { state: 'frozen', reason: 'step one' });
    s.clock.advance(1000);
    await setState(u.id, { state: 'no_trade', reason: 'step two' });
    s.clock.advance(1000);
    await setState(u.id, { state: 'active', reason: 'step three' });

    const first = await audit('?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.items).toEqual([
      { id: expect.any(String), adminId: s.admin.id, adminPhone: s.admin.phone, action: 'user.state', target: u.id, reason: 'step three', detail: { from: 'no_trade', to: 'active' }, at: t + 2000 },
      { id: expect.any(String), adminId: s.admin.id, adminPhone: s.admin.phone, action: 'user.state', target: u.id, reason: 'step two', detail: { from: 'frozen', to: 'no_trade' }, at: t + 1000 },
    ]);
    expect(first.body.data.next).toBe(first.body.data.items[1].id);
    const second = await audit(`?limit=2&cursor=${first.body.data.next}`);
    expect(second.body.data.items[0]).toMatchObject({ reason: 'step one', detail: { from: 'active', to: 'frozen' }, at: t });

    // walking every page visits every row exactly once
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: any } = await audit(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.data.items.map((i: { id: string }) => i.id));
      cursor = page.body.data.next;
    } while (cursor);
    expect(seen.length).toBe(await auditCount());
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('validates the audit page size', async () => {
    for (const q of ['?limit=0', '?limit=201', '?limit=abc']) {
      const res = await audit(q);
      expect(res.status, q).toBe(400);
      expect(res.body.params.field).toBe('limit');
    }
  });
});
