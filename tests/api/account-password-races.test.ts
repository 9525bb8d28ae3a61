import { afterEach, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { verifyPassword } from '../../src/server/modules/account/passwords';
import { registerUser, startTestServer, type CallResult, type TestServer } from '../support/server';

/**
 * Issue 10 item 1: every password check counts its attempt atomically BEFORE the slow argon2 hash,
 * so guesses sent all at once (real concurrent HTTP requests against a real server) get no more
 * tries than guesses sent one by one, and the right password past the budget is refused like a
 * wrong one. Each burst is sent with the right password LAST.
 */
describe.each(testDialects())('password checks under concurrency (%s)', (dialect) => {
  let s: TestServer | undefined;
  afterEach(async () => {
    await s?.close();
    s = undefined;
  });

  const count = (results: CallResult[], status: number, msg?: string) =>
    results.filter((r) => r.status === status && (msg === undefined || r.body.msg === msg)).length;

  // The right password is sent after the concurrent guesses, not among them: the server does not
  // promise an order between concurrent requests, and a right password checked within the budget
  // rightly logs in.
  it('23 concurrent login guesses: at most 5 are checked, and the right password after them is refused', async () => {
    s = await startTestServer({ dialect });
    const srv = s;
    const u = await registerUser(srv);
    const guesses = Array.from({ length: 23 }, (_, i) => `wrong-guess-${i}`);
    const results = await Promise.all(guesses.map((password) => srv.call('post', 'user/login', { body: { phone: u.phone, password } })));

    expect(count(results, 422, 'phone_or_password_incorrect')).toBe(5);
    expect(count(results, 429, 'too_many_requests')).toBe(18);
    // the phone stays locked afterwards, for the right password too
    expect((await srv.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).status).toBe(429);
  });

  it('30 concurrent logins from one IP: exactly the per-IP budget gets through', async () => {
    s = await startTestServer({ dialect, loginLimits: { ipAttempts: 11 } });
    const srv = s;
    // 10 users so the per-phone budget is not what stops them (the admin's login used 1 of 11)
    const users = await Promise.all(Array.from({ length: 10 }, () => registerUser(srv)));
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => srv.call('post', 'user/login', { body: { phone: users[i % 10]!.phone, password: users[i % 10]!.password } })),
    );
    expect(count(results, 200)).toBe(10);
    expect(count(results, 429, 'too_many_requests')).toBe(20);
  });

  it('29 concurrent fund-password tries: at most 5 are checked, and the right one after them is refused', async () => {
    s = await startTestServer({ dialect });
    const srv = s;
    const u = await registerUser(srv);
    expect((await srv.call('post', 'user/fund-password', { token: u.token, body: { loginPassword: u.password, password: '135790', password2: '135790' } })).status).toBe(200);

    const change = (old: string) =>
      srv.call('post', 'user/fund-password', { token: u.token, body: { oldFundPassword: old, password: '246802', password2: '246802' } });
    const results = await Promise.all(Array.from({ length: 29 }, (_, i) => change(String(100000 + i))));

    // 4 wrong tries are told how many remain; the 5th locks; all the others were refused unchecked
    expect(count(results, 422, 'fund_password_wrong')).toBe(4);
    expect(count(results, 422, 'fund_password_locked')).toBe(25);
    expect((await change('135790')).body.msg).toBe('fund_password_locked');
    await expect(srv.services.accounts.verifyFundPassword(u.id, '135790')).rejects.toMatchObject({ messageId: 'fund_password_locked' });
    // the lock is the usual 30 minutes; after it the old fund password still works (nothing changed)
    srv.clock.advance(30 * 60_000);
    await expect(srv.services.accounts.verifyFundPassword(u.id, '135790')).resolves.toBeUndefined();
  });

  it('24 concurrent password-change guesses through one session: capped per user, the right one after them refused', async () => {
    s = await startTestServer({ dialect });
    const srv = s;
    const u = await registerUser(srv);
    const change = (oldPassword: string) =>
      srv.call('post', 'user/password', { token: u.token, body: { oldPassword, password: 'changed-pass-77', password2: 'changed-pass-77' } });
    const results = await Promise.all(Array.from({ length: 24 }, (_, i) => change(`old-guess-${i}`)));

    expect(count(results, 422, 'original_password_wrong')).toBe(5);
    expect(count(results, 429, 'too_many_requests')).toBe(19);
    expect((await change(u.password)).status).toBe(429);
    // the password did not change, and the wrong old passwords count against the phone's login budget too
    const row = await srv.services.database.db.selectFrom('users').select('password_hash').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(await verifyPassword(row.password_hash, u.password)).toBe(true);
    expect((await srv.call('post', 'user/login', { body: { phone: u.phone, password: u.password } })).status).toBe(429);
  });

  it('password-change guesses are capped per IP as well, across users', async () => {
    s = await startTestServer({ dialect, loginLimits: { ipAttempts: 9 } });
    const srv = s;
    // 4 users × 5 concurrent wrong guesses = 20 password checks from one IP; the admin's login used 1 of 9
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(srv)));
    const results = await Promise.all(
      users.flatMap((u) =>
        Array.from({ length: 5 }, (_, i) =>
          srv.call('post', 'user/password', { token: u.token, body: { oldPassword: `old-guess-${i}`, password: 'changed-pass-77', password2: 'changed-pass-77' } }),
        ),
      ),
    );
    expect(count(results, 422, 'original_password_wrong')).toBe(8);
    expect(count(results, 429, 'too_many_requests')).toBe(12);
  });
});
