import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { testDialects } from '../support/db';
import { registerUser, startTestServer, type TestServer, type TestUser } from '../support/server';
import { WALLETS_MAX } from '../../src/shared/api/cash';
import { setFundPassword, verifiedUser } from './cash-support';

const b58 = createBase58check(sha256);
const tron = (fill: number) => b58.encode(Uint8Array.from([0x41, ...new Array(20).fill(fill)]));
const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const EIP55 = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

/**
 * USDT wallets (docs/domain.md "Bank accounts and wallets"): TRC20 base58check with its version
 * byte, ERC20 with the EIP-55 checksum when mixed case (all-lower / all-upper stored in EIP-55
 * form), duplicates refused for anyone, verified identity needed, another user's id a 404. Adding
 * is confirmed with the fund password in a recent sign-in (the clock stays at the users' sign-in
 * here; the hold and those checks: cash-payout-holds.test.ts).
 */
const FUND_PASSWORD = '135791';

describe.each(testDialects())('cash wallets (%s)', (dialect) => {
  let s: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    [alice, bob] = await Promise.all([verifiedUser(s), verifiedUser(s, 'スズキ　ハナコ')]);
    await Promise.all([alice, bob].map((u) => setFundPassword(s, u, FUND_PASSWORD)));
  });
  afterAll(() => s?.close());

  const list = async (token = alice.token) => {
    const res = await s.call('get', 'cash/wallets', { token });
    expect(res.status).toBe(200);
    return res.body.data;
  };
  const add = (body: Record<string, unknown>, token = alice.token) => s.call('post', 'cash/wallets', { token, body: { fundPassword: FUND_PASSWORD, ...body } });
  const count = async () => Number((await s.services.database.db.selectFrom('cash_wallet').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('needs a verified identity (real_name_required)', async () => {
    const carol = await registerUser(s);
    expect((await list(carol.token)).identity.verified).toBe(false);
    const res = await add({ network: 'TRC20', address: USDT_TRON }, carol.token);
    expect(res.body.msg).toBe('real_name_required');
    expect(await count()).toBe(0);
  });

  it('refuses bad formats and bad checksums, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' }, 'wallet_checksum_invalid'], // last character changed
      [{ network: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj' }, 'wallet_address_invalid'],
      [{ network: 'TRC20', address: EIP55 }, 'wallet_address_invalid'], // an ERC20 address on TRC20
      [{ network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }, 'wallet_checksum_invalid'], // one case flipped
      [{ network: 'ERC20', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA' }, 'wallet_address_invalid'],
      [{ network: 'ERC20', address: USDT_TRON }, 'wallet_address_invalid'],
      [{ network: 'TRC20', address: USDT_TRON, label: 'a\u202eb' }, 'invalid_request'],
    ];
    for (const [body, id] of cases) {
      const res = await add(body);
      expect(res.body.msg, JSON.stringify(body)).toBe(id);
      expect(res.status).toBe(400);
    }
    expect((await add({ network: 'BTC', address: USDT_TRON })).status).toBe(400);
    expect(await count()).toBe(0);
  });

  it('accepts good addresses: TRC20, ERC20 checksummed, ERC20 all-lower stored in EIP-55 form', async () => {
    const t = await add({ network: 'TRC20', address: ` ${USDT_TRON} `, label: ' 取引所 ' });
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    expect(t.body.data.wallet).toMatchObject({ network: 'TRC20', address: USDT_TRON, label: '取引所' });
    const e = await add({ network: 'ERC20', address: EIP55 });
    expect(e.body.data.wallet).toMatchObject({ network: 'ERC20', address: EIP55, label: null });
    const lower = await add({ network: 'ERC20', address: '0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359' });
    expect(lower.body.data.wallet.address).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    expect((await list()).items.map((w: any) => w.address)).toEqual([USDT_TRON, EIP55, '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359']);
  });

  it('refuses duplicates (the same address in another case too), for the same and another user', async () => {
    const before = await count();
    expect((await add({ network: 'TRC20', address: USDT_TRON })).body.msg).toBe('wallet_exists');
    expect((await add({ network: 'ERC20', address: EIP55.toLowerCase() })).body.msg).toBe('wallet_exists');
    const other = await add({ network: 'ERC20', address: `0x${EIP55.slice(2).toUpperCase()}` }, bob.token);
    expect(other.body.msg).toBe('wallet_exists');
    expect(other.status).toBe(409);
    expect(await count()).toBe(before);
  });

  it('lets one of two users registering the same address at once have it (the other: wallet_exists)', async () => {
    const before = await count();
    const address = tron(42);
    const [a, b] = await Promise.all([add({ network: 'TRC20', address }), add({ network: 'TRC20', address }, bob.token)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body.msg, b.body.msg]).toContain('wallet_exists');
    expect(await count()).toBe(before + 1);
    // Free it again for the cap test below.
    const winner = a.status === 200 ? { res: a, token: alice.token } : { res: b, token: bob.token };
    await s.call('delete', `cash/wallets/${winner.res.body.data.wallet.id}`, { token: winner.token });
  });

  it('caps the wallets per user', async () => {
    const have = (await list()).items.length;
    for (let i = have; i < WALLETS_MAX; i += 1) expect((await add({ network: 'TRC20', address: tron(i) })).status).toBe(200);
    const over = await add({ network: 'TRC20', address: tron(99) });
    expect(over.body).toMatchObject({ msg: 'wallet_limit', params: { max: WALLETS_MAX } });
  });

  it("deletes an own wallet; another user's id and a missing one are the same 404", async () => {
    const [first] = (await list()).items;
    const missing = await s.call('delete', `cash/wallets/${uuidv7()}`, { token: bob.token });
    const foreign = await s.call('delete', `cash/wallets/${first.id}`, { token: bob.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.msg).toBe(missing.body.msg);
    expect((await s.call('delete', `cash/wallets/${first.id}`, { token: alice.token })).body.data).toEqual({ deleted: true });
    expect((await list()).items.map((w: any) => w.id)).not.toContain(first.id);
    // Freed: another user may now register that address.
    expect((await add({ network: 'TRC20', address: USDT_TRON }, bob.token)).status).toBe(200);
  });
});
