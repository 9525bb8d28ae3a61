import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer } from '../support/server';
import { hashToken, SESSION_CACHE_TTL_MS } from '../../src/server/modules/account/sessions';
import { HOUSE } from '../../src/server/ledger';

/*
 * The request path's shortcuts keep the behaviour (docs/decisions/018-request-path-performance.md):
 * the session cache only vouches for a session this process has not revoked, and another
 * instance's revoke (a row changed behind this process) takes effect within SESSION_CACHE_TTL_MS;
 * headers set before the handler are on every kind of answer; a GET never meets the body limit.
 */
describe.each(testDialects())('request path (%s)', (dialect) => {
  let s: TestServer;
  // Real time as the session cache reads it, which a test moves on instead of waiting the TTL out.
  let ahead = 0;
  beforeAll(async () => {
    s = await startTestServer({ dialect, realTime: () => performance.now() + ahead });
  });
  afterAll(() => s?.close());

  const info = (token: string) => s.call('get', 'user/info', { token });

  it('a cached session ends at once on logout, password change and a ban in this process', async () => {
    const u = await registerUser(s);
    const other = (await s.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).body.data.token as string;
    expect((await info(u.token)).status).toBe(200);
    expect((await info(other)).status).toBe(200); // both now cached
    const changed = await s.call('post', 'user/password', { token: u.token, body: { oldPassword: u.password, password: 'new-pass-456x', password2: 'new-pass-456x' } });
    expect(changed.status).toBe(200);
    expect((await info(other)).status).toBe(401);
    expect((await info(u.token)).status).toBe(200);
    expect((await s.call('post', 'user/logout', { token: u.token })).status).toBe(200);
    expect((await info(u.token)).status).toBe(401);

    const v = await registerUser(s);
    expect((await info(v.token)).body.data.state).toBe('active');
    const ban = await s.call('post', `admin/users/${v.id}/state`, { token: s.admin.token, body: { state: 'banned', reason: 'test' } });
    expect(ban.status).toBe(200);
    expect((await info(v.token)).status).toBe(401);
  });

  it("another instance's revoke (the row changed behind this process) takes effect within the TTL", async () => {
    const u = await registerUser(s);
    expect((await info(u.token)).status).toBe(200);
    await s.services.database.db.updateTable('sessions').set({ revoked_at: s.clock.now() }).where('token_hash', '=', hashToken(u.token)).execute();
    ahead += SESSION_CACHE_TTL_MS + 50;
    expect((await info(u.token)).status).toBe(401);
  });

  it("a JSON answer's security headers (OWASP REST set) and no-store are on answers, 404s and errors alike (uploads.test.ts checks a file answer)", async () => {
    const u = await registerUser(s);
    for (const res of [await info(u.token), await s.call('get', 'no/such/thing'), await s.call('get', 'user/info')]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    // The page keeps its own policy (scripts and styles of its origin).
    const page = await fetch(`${s.url}/`);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('an envelope on its plain header record carries the request id; a compiled statement reads each caller its own row', async () => {
    const [a, b] = [await registerUser(s), await registerUser(s)];
    const [ra, rb] = [await info(a.token), await info(b.token)];
    // users by id is compiled once (src/server/db/compiled-statement.ts): each call binds its own id.
    expect(ra.body.data).toMatchObject({ id: a.id, phone: a.phone, kycStatus: 'not_verified' });
    expect(rb.body.data).toMatchObject({ id: b.id, phone: b.phone });
    expect(ra.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(ra.headers.get('content-type')).toBe('application/json');
    expect(Number(ra.headers.get('content-length'))).toBe(Buffer.byteLength(JSON.stringify(ra.body)));
    const echoed = await fetch(`${s.url}/api/vue/user/info`, { headers: { token: a.token, 'x-request-id': 'client-id-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('client-id-123');
    expect(echoed.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('a GET with a declared body length is not refused by the body limit; a POST over it is', async () => {
    const u = await registerUser(s);
    const res = await fetch(`${s.url}/api/vue/user/info`, { headers: { token: u.token, 'content-length': '999999' } }).catch(() => null);
    // fetch may drop the header on a GET; either way the answer is not a 413.
    if (res) expect(res.status).not.toBe(413);
    const big = await s.call('post', 'user/login', { raw: JSON.stringify({ phone: 'x'.repeat(70 * 1024) }) });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ status: 0, msg: 'payload_too_large' });
    expect(big.headers.get('connection')).toBe('close');
  });

  it("a money command's house moves, held back to just before its commit, land once, summed, or not at all", async () => {
    const { ledger, database } = s.services;
    const u = await registerUser(s);
    const fee = () => ledger.balance(HOUSE, 'JPY', 'fee_income');
    const postedTo = async () => {
      const r = await database.db.selectFrom('posting').innerJoin('ledger_account', 'ledger_account.id', 'posting.account_id')
        .select((eb) => eb.fn.sum<number>('posting.amount').as('n')).where('owner', '=', HOUSE).where('kind', '=', 'fee_income').executeTakeFirst();
      return Number(r?.n ?? 0);
    };
    const grant = { kind: 'test_grant', userId: u.id, memo: 'test', postings: [{ owner: u.id, currency: 'JPY' as const, kind: 'cash' as const, amount: 10_000 }, { owner: HOUSE, currency: 'JPY' as const, kind: 'demo_grant' as const, amount: -10_000 }] };
    const charge = (amount: number) => ({ kind: 'test_fee', userId: u.id, memo: 'test', postings: [{ owner: u.id, currency: 'JPY' as const, kind: 'cash' as const, amount: -amount }, { owner: HOUSE, currency: 'JPY' as const, kind: 'fee_income' as const, amount }] });
    await ledger.transact((trx) => ledger.post(trx, grant));
    const before = await fee();

    const run = () => ledger.withIdempotency(u.id, 'house-deferred-1', { op: 'test' }, async (trx) => {
      await ledger.post(trx, charge(100));
      await ledger.post(trx, charge(250));
      return 'ok';
    });
    expect(await run()).toBe('ok');
    expect(await run()).toBe('ok'); // a repeat returns the stored result and moves nothing
    expect(await fee()).toBe(before + 350);

    await expect(ledger.withIdempotency(u.id, 'house-deferred-2', { op: 'test' }, async (trx) => {
      await ledger.post(trx, charge(100));
      throw new Error('refused after the post');
    })).rejects.toThrow('refused after the post');
    // A user's floor still refuses the whole command, house side included.
    await expect(ledger.withIdempotency(u.id, 'house-deferred-3', { op: 'test' }, (trx) => ledger.post(trx, charge(1_000_000)))).rejects.toMatchObject({ messageId: 'balance_insufficient' });
    expect(await fee()).toBe(before + 350);
    expect(await fee()).toBe(await postedTo());
    expect(await ledger.balance(u.id, 'JPY', 'cash')).toBe(10_000 - 350);
  });
});
