import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';

describe.each(testDialects())('login and fund passwords (%s)', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
  });
  afterAll(() => s?.close());

  const login = (phone: string, password: string) => s.call('post', 'user/login', { body: { phone, password } });
  const info = (token: string) => s.call('get', 'user/info', { token });
  const changePassword = (u: TestUser, body: Record<string, unknown>, token = u.token) =>
    s.call('post', 'user/password', { token, body });
  const setFund = (u: TestUser, body: Record<string, unknown>) => s.call('post', 'user/fund-password', { token: u.token, body });

  describe('login password', () => {
    it('changes it: the current session stays, other sessions are revoked, the new password works', async () => {
      const u = await registerUser(s);
      const other = (await login(u.phone, u.password)).body.data.token as string;
      const res = await changePassword(u, { oldPassword: u.password, password: 'second-pass-2', password2: 'second-pass-2' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ ok: true });
      expect((await info(u.token)).status).toBe(200);
      const revoked = await info(other);
      expect(revoked.status).toBe(401);
      expect(revoked.body.msg).toBe('session_expired');
      expect((await login(u.phone, u.password)).status).toBe(422);
      expect((await login(u.phone, 'second-pass-2')).status).toBe(200);
    });

    it('needs the correct old password: 422 original_password_wrong', async () => {
      const u = await registerUser(s);
      const res = await changePassword(u, { oldPassword: 'not-my-password', password: 'second-pass-2', password2: 'second-pass-2' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ msg: 'original_password_wrong', params: { field: 'oldPassword' } });
      expect((await login(u.phone, u.password)).status).toBe(200);
    });

    it('needs the new pair to match: 400 password_mismatch', async () => {
      const u = await registerUser(s);
      const res = await changePassword(u, { oldPassword: u.password, password: 'second-pass-2', password2: 'second-pass-3' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ msg: 'password_mismatch', params: { field: 'password2' } });
      expect((await login(u.phone, u.password)).status).toBe(200);
    });

    it('refuses the same password again: 422 password_same_as_old', async () => {
      const u = await registerUser(s);
      const res = await changePassword(u, { oldPassword: u.password, password: u.password, password2: u.password });
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe('password_same_as_old');
    });

    it('needs a session', async () => {
      const res = await s.call('post', 'user/password', { body: { oldPassword: 'a', password: 'second-pass-2', password2: 'second-pass-2' } });
      expect(res.status).toBe(401);
      expect(res.body.msg).toBe('login_required');
    });
  });

  describe('fund password', () => {
    it('is set the first time with the login password, then shows as set', async () => {
      const u = await registerUser(s);
      const noLogin = await setFund(u, { password: '123456', password2: '123456' });
      expect(noLogin.status).toBe(400);
      expect(noLogin.body).toMatchObject({ msg: 'invalid_request', params: { field: 'loginPassword' } });
      const wrong = await setFund(u, { loginPassword: 'not-my-password', password: '123456', password2: '123456' });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ msg: 'original_password_wrong', params: { field: 'loginPassword' } });
      expect((await info(u.token)).body.data.fundPasswordSet).toBe(false);

      const ok = await setFund(u, { loginPassword: u.password, password: '123456', password2: '123456' });
      expect(ok.status).toBe(200);
      expect((await info(u.token)).body.data.fundPasswordSet).toBe(true);
      await expect(s.services.accounts.verifyFundPassword(u.id, '123456')).resolves.toBeUndefined();
    });

    it('must be 6 digits and the pair must match', async () => {
      const u = await registerUser(s);
      for (const pw of ['12345', '1234567', 'abcdef', '12345a']) {
        const res = await setFund(u, { loginPassword: u.password, password: pw, password2: pw });
        expect(res.status, pw).toBe(400);
        expect(res.body).toMatchObject({ msg: 'invalid_request', params: { field: 'password' } });
      }
      const mismatch = await setFund(u, { loginPassword: u.password, password: '123456', password2: '654321' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body).toMatchObject({ msg: 'password_mismatch', params: { field: 'password2' } });
      expect((await info(u.token)).body.data.fundPasswordSet).toBe(false);
    });

    it('is changed with the old fund password (the login password is not enough)', async () => {
      const u = await registerUser(s);
      await setFund(u, { loginPassword: u.password, password: '111111', password2: '111111' });
      const viaLogin = await setFund(u, { loginPassword: u.password, password: '222222', password2: '222222' });
      expect(viaLogin.status).toBe(400);
      expect(viaLogin.body.params.field).toBe('oldFundPassword');
      const wrong = await setFund(u, { oldFundPassword: '999999', password: '222222', password2: '222222' });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ msg: 'fund_password_wrong', params: { remaining: 4 } });
      const ok = await setFund(u, { oldFundPassword: '111111', password: '222222', password2: '222222' });
      expect(ok.status).toBe(200);
      await expect(s.services.accounts.verifyFundPassword(u.id, '222222')).resolves.toBeUndefined();
      await expect(s.services.accounts.verifyFundPassword(u.id, '111111')).rejects.toMatchObject({ messageId: 'fund_password_wrong' });
    });

    it('locks fund actions for 30 minutes after 5 wrong tries; a correct try resets the count', async () => {
      const u = await registerUser(s);
      await setFund(u, { loginPassword: u.password, password: '135790', password2: '135790' });
      const change = (old: string) => setFund(u, { oldFundPassword: old, password: '246802', password2: '246802' });

      // 4 wrong, then right: the count starts over
      for (let i = 4; i >= 1; i--) expect((await change('000000')).body.params.remaining).toBe(i);
      await expect(s.services.accounts.verifyFundPassword(u.id, '135790')).resolves.toBeUndefined();
      // the verifier used by withdrawals shares the same counter
      for (let i = 0; i < 4; i++) await expect(s.services.accounts.verifyFundPassword(u.id, '000000')).rejects.toMatchObject({ messageId: 'fund_password_wrong' });
      const fifth = await change('000000');
      expect(fifth.status).toBe(422);
      expect(fifth.body).toMatchObject({ msg: 'fund_password_locked', params: { minutes: 30, until: s.clock.now() + 30 * 60_000 } });

      // even the right password is refused while locked
      s.clock.advance(10 * 60_000);
      const locked = await change('135790');
      expect(locked.status).toBe(422);
      expect(locked.body).toMatchObject({ msg: 'fund_password_locked', params: { minutes: 20 } });
      await expect(s.services.accounts.verifyFundPassword(u.id, '135790')).rejects.toMatchObject({ messageId: 'fund_password_locked' });

      s.clock.advance(20 * 60_000);
      expect((await change('135790')).status).toBe(200);
      await expect(s.services.accounts.verifyFundPassword(u.id, '246802')).resolves.toBeUndefined();
    });

    it('verifying without a fund password set is 422 fund_password_not_set', async () => {
      const u = await registerUser(s);
      await expect(s.services.accounts.verifyFundPassword(u.id, '123456')).rejects.toMatchObject({
        kind: 'rule', messageId: 'fund_password_not_set',
      });
    });
  });
});
