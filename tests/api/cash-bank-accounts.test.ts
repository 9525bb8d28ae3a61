import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { BANK_ACCOUNTS_MAX, BANK_SEARCH_MAX } from '../../src/shared/api/cash';
import { setFundPassword, submitKyc, verifiedUser } from './cash-support';

/**
 * Bank accounts (docs/domain.md "Bank accounts and wallets"): banks and branches from the Zengin
 * list, own-name accounts only (the holder is the verified KYC kana), 7-digit numbers never padded,
 * duplicates refused for the same and any other user, masked display, another user's id a 404.
 * Every refusal changes nothing. Adding is confirmed with the fund password in a recent sign-in (the
 * clock stays at the users' sign-in here; the hold and those checks: cash-payout-holds.test.ts).
 */
const FUND_PASSWORD = '135791';

describe.each(testDialects())('cash bank accounts (%s)', (dialect) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let branch = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    [alice, bob] = await Promise.all([verifiedUser(s, 'やまだ たろう'), verifiedUser(s, 'スズキ　ハナコ')]);
    await Promise.all([alice, bob].map((u) => setFundPassword(s, u, FUND_PASSWORD)));
  });
  afterAll(() => s?.close());

  const list = async (token = alice.token) => {
    const res = await s.call('get', 'cash/bank-accounts', { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const add = (body: Record<string, unknown>, token = alice.token) =>
    s.call('post', 'cash/bank-accounts', { token, body: { bankCode: '0005', branchCode: branch, type: 'futsu', number: '1234567', holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD, ...body } });
  const count = async () => Number((await s.services.database.db.selectFrom('cash_bank_account').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('searches banks by name (full-width), kana (hiragana, katakana, half width), romaji and code; at most 30', async () => {
    for (const q of ['三菱ＵＦＪ', 'みつびし', 'ミツビシ', 'ﾐﾂﾋﾞｼ', 'mitsubishi', '0005']) {
      const res = await s.call('get', `cash/banks?q=${encodeURIComponent(q)}`, { token: alice.token });
      expect(res.status, q).toBe(200);
      expect(res.body.data.items.map((b: any) => b.code), q).toContain('0005');
    }
    const code = await s.call('get', 'cash/banks?q=0005', { token: alice.token });
    expect(code.body.data.items[0]).toEqual({ code: '0005', name: '三菱ＵＦＪ', kana: 'ミツビシユ－エフジエイ' });
    const all = await s.call('get', 'cash/banks', { token: alice.token });
    expect(all.body.data.items).toHaveLength(BANK_SEARCH_MAX);
    expect((await s.call('get', 'cash/banks?q=0005')).status).toBe(401);
  });

  it('searches branches within a bank; an unknown bank is bank_not_found', async () => {
    const res = await s.call('get', `cash/banks/0005/branches?q=${encodeURIComponent('とうきょう')}`, { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.data.bank.code).toBe('0005');
    expect(res.body.data.items.length).toBeGreaterThan(0);
    expect(res.body.data.items.length).toBeLessThanOrEqual(BANK_SEARCH_MAX);
    branch = res.body.data.items[0].code;
    const byCode = await s.call('get', `cash/banks/0005/branches?q=${branch}`, { token: alice.token });
    expect(byCode.body.data.items[0].code).toBe(branch);
    const missing = await s.call('get', 'cash/banks/9998/branches', { token: alice.token });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe('bank_not_found');
  });

  it('starts empty, saying the identity is verified and giving the KYC kana as the holder', async () => {
    const d = await list();
    expect(d).toEqual({ items: [], max: BANK_ACCOUNTS_MAX, identity: { verified: true, holderKana: 'ヤマダ　タロウ' }, freshLoginMs: 5 * 60_000 });
  });

  it('refuses a user whose identity is not verified (none, or under review) with real_name_required', async () => {
    const carol = await registerUser(s);
    expect((await list(carol.token)).identity).toEqual({ verified: false, holderKana: null });
    const none = await add({}, carol.token);
    expect(none.body.msg).toBe('real_name_required');
    expect(none.status).toBe(422);
    await submitKyc(s, carol, 'ヤマダ　タロウ');
    expect((await add({}, carol.token)).body.msg).toBe('real_name_required');
    expect(await count()).toBe(0);
  });

  it('refuses each bad input with its message and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bankCode: '9998' }, 'bank_not_found'],
      [{ bankCode: '005' }, 'bank_not_found'],
      [{ branchCode: '999' }, 'branch_not_found'],
      [{ number: '123456' }, 'bank_account_number_invalid'], // 6 digits: refused, never padded
      [{ number: '12345678' }, 'bank_account_number_invalid'],
      [{ number: '12345a7' }, 'bank_account_number_invalid'],
      [{ holderKana: 'Yamada Taro' }, 'kana_latin_letters'],
      [{ holderKana: 'ヤマダ　ＴＡＲＯ' }, 'kana_latin_letters'],
      [{ holderKana: '山田　太郎' }, 'kana_invalid'],
      [{ holderKana: 'ヤマダ　ハナコ' }, 'bank_holder_mismatch'], // another person's name
      [{ holderKana: 'スズキ　ハナコ' }, 'bank_holder_mismatch'], // bob's name, from alice
    ];
    for (const [body, id] of cases) {
      const res = await add(body);
      expect(res.body.msg, JSON.stringify(body)).toBe(id);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    }
    const wrongType = await add({ type: 'checking' });
    expect(wrongType.status).toBe(400);
    expect(await count()).toBe(0);
  });

  it('adds an own-name account (hiragana / half-width holder converted), shown masked', async () => {
    const res = await add({ number: '１２３４５６７', holderKana: 'ﾔﾏﾀﾞ  ﾀﾛｳ' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const a = res.body.data.account;
    expect(a).toMatchObject({ bankCode: '0005', bankName: '三菱ＵＦＪ', branchCode: branch, type: 'futsu', numberMasked: '•••4567', holderKana: 'ヤマダ　タロウ' });
    expect(JSON.stringify(res.body)).not.toContain('1234567');
    const d = await list();
    expect(d.items).toEqual([a]);
    expect(JSON.stringify(d)).not.toContain('1234567');
    // The same account with another type is another account (当座).
    expect((await add({ type: 'toza', holderKana: 'やまだ たろう' })).status).toBe(200);
  });

  it('refuses a duplicate for the same user and for any other user (card_exists)', async () => {
    const before = await count();
    const same = await add({});
    expect(same.body.msg).toBe('card_exists');
    expect(same.status).toBe(409);
    const other = await add({ holderKana: 'スズキ　ハナコ' }, bob.token);
    expect(other.body.msg).toBe('card_exists');
    expect(await count()).toBe(before);
  });

  it('caps the accounts per user', async () => {
    const have = (await list()).items.length;
    for (let i = have; i < BANK_ACCOUNTS_MAX; i += 1) expect((await add({ number: `765432${i}` })).status).toBe(200);
    const over = await add({ number: '7000000' });
    expect(over.body).toMatchObject({ msg: 'bank_account_limit', params: { max: BANK_ACCOUNTS_MAX } });
    expect((await list()).items).toHaveLength(BANK_ACCOUNTS_MAX);
  });

  it("deletes an own account; another user's id and a missing one are the same 404", async () => {
    const [first] = (await list()).items;
    const missing = await s.call('delete', `cash/bank-accounts/${uuidv7()}`, { token: bob.token });
    const foreign = await s.call('delete', `cash/bank-accounts/${first.id}`, { token: bob.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe(missing.body.msg);
    expect((await list()).items.map((a: any) => a.id)).toContain(first.id);
    const own = await s.call('delete', `cash/bank-accounts/${first.id}`, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual({ deleted: true });
    expect((await list()).items.map((a: any) => a.id)).not.toContain(first.id);
    expect((await s.call('delete', `cash/bank-accounts/${first.id}`, { token: alice.token })).status).toBe(404);
    // Once removed, the account may be registered again (by its holder).
    expect((await add({})).status).toBe(200);
  });
});
