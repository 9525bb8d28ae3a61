import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migrator, type Migration } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onServer, testDialects } from '../support/db';
import { openDatabase, type Database } from '../../src/server/db/database';
import type { Dialect } from '../../src/server/db/capabilities';
import { startTestServer, TEST_NOW, type TestServer, type TestUser } from '../support/server';
import { migrations } from '../../src/server/db/migrations';
import { PAYOUT_HOLD_MS, setFundPassword, signInAgain, verifiedUser } from './cash-support';
import { balances, grant, setConfig } from './trade-support';

/**
 * Holds on new payout destinations (issue 37 item 7; docs/domain.md "Bank accounts and wallets"):
 * adding a bank account or wallet needs the fund password and a sign-in within the last 5 minutes
 * (a refusal adds nothing); a new destination receives no withdrawal before its hold ends (config
 * payoutHoldHours, 0–168, default 24), refused with the instant it may; destinations from before the
 * hold are usable at once. The clock is the injected one: the tests move it, never wait.
 */
const FUND_PASSWORD = '864209';
const MINUTE = 60_000;
const FRESH_MS = 5 * MINUTE;
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe.each(testDialects())('payout destination holds (%s)', (dialect) => {
  let s: TestServer;
  let branch = '';
  beforeAll(async () => {
    s = await startTestServer({ dialect });
    branch = (await s.call('get', 'cash/banks/0005/branches', { token: s.admin.token })).body.data.items[0].code;
  });
  afterAll(() => s?.close());

  let seq = 0;
  /** A verified user with a fund password, ¥1,000,000 and 1,000 USDT, signed in at TEST_NOW (Tuesday 10:00 Tokyo). */
  async function customer(): Promise<TestUser> {
    s.clock.set(TEST_NOW);
    const u = await verifiedUser(s);
    await setFundPassword(s, u, FUND_PASSWORD);
    await grant(s, u.id, 1_000_000);
    await grant(s, u.id, 100_000, 'USDT');
    return u;
  }
  const uniqueNumber = () => String(3_000_000 + (seq += 1) * 7 + Math.floor(Math.random() * 900_000)).padStart(7, '0');
  const bankBody = (extra: Record<string, unknown> = {}) => ({ bankCode: '0005', branchCode: branch, type: 'futsu', number: uniqueNumber(), holderKana: 'ヤマダ　タロウ', fundPassword: FUND_PASSWORD, ...extra });
  const addBank = (u: TestUser, extra: Record<string, unknown> = {}) => s.call('post', 'cash/bank-accounts', { token: u.token, body: bankBody(extra) });
  const addWallet = (u: TestUser, extra: Record<string, unknown> = {}) =>
    s.call('post', 'cash/wallets', { token: u.token, body: { network: 'TRC20', address: TRC20, fundPassword: FUND_PASSWORD, ...extra } });
  const banks = async (u: TestUser) => (await s.call('get', 'cash/bank-accounts', { token: u.token })).body.data;
  const wallets = async (u: TestUser) => (await s.call('get', 'cash/wallets', { token: u.token })).body.data;
  const withdraw = (u: TestUser, body: Record<string, unknown>) =>
    s.call('post', 'cash/withdrawals', { token: u.token, headers: { 'Idempotency-Key': uuidv7() }, body: { amount: 10_000, fundPassword: FUND_PASSWORD, ...body } });
  /** The user's messages about new destinations. */
  const box = async (u: TestUser) =>
    ((await s.call('get', 'messages', { token: u.token })).body.data.items as { kind: string; params: Record<string, unknown> }[]).filter((m) => m.kind === 'payout_destination_added');
  /** The default hold from `at`, to the whole minute (cash/rules.ts payoutUsableAt). */
  const heldTill = (at: number, ms = PAYOUT_HOLD_MS) => Math.ceil((at + ms) / MINUTE) * MINUTE;

  it('adding a bank account without the fund password or without a recent sign-in is refused and adds nothing; with both it is added', async () => {
    const u = await customer();
    const { fundPassword: _omitted, ...withoutPassword } = bankBody();
    const missing = await s.call('post', 'cash/bank-accounts', { token: u.token, body: withoutPassword });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ msg: 'invalid_request', params: { field: 'fundPassword' } });
    const wrong = await addBank(u, { fundPassword: '000000' });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ msg: 'fund_password_wrong', params: { remaining: 4 } });
    expect((await banks(u)).items).toEqual([]);

    // Inside the 5 minutes the list says how long is left; past them the change asks for a new sign-in.
    s.clock.advance(FRESH_MS - MINUTE);
    expect((await banks(u)).freshLoginMs).toBe(MINUTE);
    s.clock.advance(MINUTE + 1);
    expect((await banks(u)).freshLoginMs).toBe(0);
    const stale = await addBank(u);
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ msg: 'reauth_required', params: { minutes: 5 } });
    // Checked before the fund password: a stale session spends no try.
    expect((await addBank(u, { fundPassword: '000000' })).body.msg).toBe('reauth_required');
    expect((await banks(u)).items).toEqual([]);
    expect(await box(u)).toEqual([]);

    // Signed in again (the re-login screen's way): added, held 24 h.
    u.token = await signInAgain(s, u);
    expect((await banks(u)).freshLoginMs).toBe(FRESH_MS);
    const ok = await addBank(u);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const usableAt = heldTill(s.clock.now());
    expect(ok.body.data.account.usableAt).toBe(usableAt);
    expect((await banks(u)).items).toEqual([expect.objectContaining({ id: ok.body.data.account.id, usableAt })]);
    // The owner is told, with the time it may receive money.
    expect((await box(u)).map((m) => [m.kind, m.params])).toEqual([
      ['payout_destination_added', { type: 'bank', label: expect.stringMatching(/普通 •••\d{4}$/), usableAt }],
    ]);
  });

  it('a user without a fund password is told to set one; nothing is added', async () => {
    s.clock.set(TEST_NOW);
    const u = await verifiedUser(s);
    const res = await addBank(u);
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('fund_password_not_set');
    expect((await banks(u)).items).toEqual([]);
  });

  it('a withdrawal to a new bank account is refused with the time it becomes usable; after the hold it is accepted', async () => {
    const u = await customer();
    const acc = (await addBank(u)).body.data.account;
    expect(acc.usableAt).toBe(heldTill(TEST_NOW));
    const early = await withdraw(u, { bankAccountId: acc.id });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ msg: 'payout_destination_on_hold', params: { usableAt: acc.usableAt } });
    // Nothing was frozen or recorded.
    expect(await balances(s, u.id)).toMatchObject({ cash: 1_000_000, frozen: 0 });
    expect((await s.call('get', 'cash/withdrawals', { token: u.token })).body.data.items).toEqual([]);

    s.clock.set(acc.usableAt - 1);
    expect((await withdraw(u, { bankAccountId: acc.id })).body.msg).toBe('payout_destination_on_hold');
    // Wednesday 10:00 Tokyo, 24 h later: a business day inside the hours.
    s.clock.set(acc.usableAt);
    const ok = await withdraw(u, { bankAccountId: acc.id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.withdrawal).toMatchObject({ amount: 10_000, status: 'pending', destination: { type: 'bank', id: acc.id } });
    expect((await banks(u)).items[0].usableAt).toBeNull();
    expect(await balances(s, u.id)).toMatchObject({ cash: 990_000, frozen: 10_000 });
  });

  it('a wallet the same: the fund password and a recent sign-in to add it, USDT out only after its hold', async () => {
    const u = await customer();
    expect((await addWallet(u, { fundPassword: '111111' })).body.msg).toBe('fund_password_wrong');
    s.clock.advance(FRESH_MS + 1);
    expect((await addWallet(u)).body.msg).toBe('reauth_required');
    expect((await wallets(u)).items).toEqual([]);

    u.token = await signInAgain(s, u);
    const added = await addWallet(u, { label: 'メイン' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const w = added.body.data.wallet;
    expect(w.usableAt).toBe(heldTill(s.clock.now()));
    expect((await wallets(u)).items).toEqual([expect.objectContaining({ id: w.id, usableAt: w.usableAt })]);
    expect((await box(u)).map((m) => m.params)).toEqual([{ type: 'wallet', label: 'TRC20 TR7NHq…Lj6t', usableAt: w.usableAt }]);

    const early = await withdraw(u, { walletId: w.id, amount: 5_000 });
    expect(early.body).toMatchObject({ msg: 'payout_destination_on_hold', params: { usableAt: w.usableAt } });
    expect((await s.services.ledger.balances(u.id)).USDT).toMatchObject({ cash: 100_000 });
    s.clock.set(w.usableAt);
    const ok = await withdraw(u, { walletId: w.id, amount: 5_000 });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.withdrawal).toMatchObject({ currency: 'USDT', amount: 5_000, destination: { type: 'wallet', id: w.id } });
    // Deleting a destination needs no hold (nor a recent sign-in): only adding one does.
    expect((await s.call('delete', `cash/wallets/${w.id}`, { token: u.token })).body.data).toEqual({ deleted: true });
  });

  it('the hold is a bounded config item (0–168 h): 0 lets a new destination receive at once, 2 h holds it 2 h', async () => {
    const refusals = [];
    for (const value of [-1, 169, 1.5]) {
      const res = await s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'payoutHoldHours', value, reason: 'test' } });
      refusals.push([res.status, res.body.msg]);
    }
    expect(refusals[0]).toEqual([400, 'config_out_of_bounds']);
    expect(refusals[1]).toEqual([400, 'config_out_of_bounds']);
    expect(refusals[2]?.[0]).toBe(400);
    const bounds = await s.call('post', 'admin/config', { token: s.admin.token, body: { name: 'payoutHoldHours', value: 169, reason: 'test' } });
    expect(bounds.body.params).toMatchObject({ name: 'payoutHoldHours', min: 0, max: 168 });
    const items = (await s.call('get', 'admin/config', { token: s.admin.token })).body.data.items as { name: string; value: unknown; default: unknown; min: number; max: number }[];
    expect(items.find((i) => i.name === 'payoutHoldHours')).toMatchObject({ value: 24, default: 24, min: 0, max: 168 });

    try {
      await setConfig(s, 'payoutHoldHours', 0);
      const u = await customer();
      const acc = (await addBank(u)).body.data.account;
      expect(acc.usableAt).toBeNull();
      expect((await withdraw(u, { bankAccountId: acc.id })).status).toBe(200);

      await setConfig(s, 'payoutHoldHours', 2);
      const v = await customer();
      const held = (await addBank(v)).body.data.account;
      expect(held.usableAt).toBe(heldTill(TEST_NOW, 2 * 60 * MINUTE));
      await setConfig(s, 'payoutHoldHours', 168);
    } finally {
      await setConfig(s, 'payoutHoldHours', 24);
    }
  });

  it('a destination from before the hold (usable_at null) receives a withdrawal at once', async () => {
    const u = await customer();
    const id = uuidv7();
    // As migration 2026-11-28-004 leaves the rows registered before it.
    await s.services.database.db
      .insertInto('cash_bank_account')
      .values({ id, user_id: u.id, bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: branch, branch_name: '本店', type: 'futsu', number: uniqueNumber(), holder_kana: 'ヤマダ　タロウ', created_at: TEST_NOW - MINUTE, deleted_at: null, usable_at: null })
      .execute();
    expect((await banks(u)).items).toEqual([expect.objectContaining({ id, usableAt: null })]);
    const ok = await withdraw(u, { bankAccountId: id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

/** An empty database of its own, so the migrations run from the start (as tests/api/deposit-receipt-migration.test.ts). */
async function openEmpty(dialect: Dialect): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'kabuto-mig-'));
    const database = openDatabase({ kind: 'sqlite', file: join(dir, 'test.db') });
    return { database, dispose: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `kabuto_mig_${randomBytes(4).toString('hex')}`;
  await onServer(url, `CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  const database = openDatabase({ kind: 'postgres', url: own.href });
  return { database, dispose: async () => { await database.close(); await onServer(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); } };
}

describe.each(testDialects())('migration 2026-11-28-004-payout-holds (%s)', (dialect) => {
  it('leaves the destinations registered before it without a hold', async () => {
    const { database, dispose } = await openEmpty(dialect);
    try {
      const migrator = new Migrator({
        db: database.db,
        provider: {
          async getMigrations() {
            const out: Record<string, Migration> = {};
            for (const [name, factory] of Object.entries(migrations)) out[name] = factory(database.caps);
            return out;
          },
        },
      });
      // Up to the migration before this one, destinations of that time, then the rest.
      const names = Object.keys(migrations).sort();
      const mine = names.indexOf('2026-11-28-004-payout-holds');
      expect((await migrator.migrateTo(names[mine - 1]!)).error).toBeUndefined();
      const db = database.db as any;
      await db.insertInto('users').values({ id: 'u1', phone: '+819000000001', password_hash: 'x', invite_code: 'CODEU1', created_at: 1, updated_at: 1 }).execute();
      await db
        .insertInto('cash_bank_account')
        .values({ id: 'b1', user_id: 'u1', bank_code: '0005', bank_name: 'b', branch_code: '001', branch_name: 'br', type: 'futsu', number: '1234567', holder_kana: 'ヤマダ', created_at: 1, deleted_at: null })
        .execute();
      await db.insertInto('cash_wallet').values({ id: 'w1', user_id: 'u1', network: 'TRC20', address: TRC20, label: null, created_at: 1, deleted_at: null }).execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      expect(await db.selectFrom('cash_bank_account').select(['id', 'usable_at']).execute()).toEqual([{ id: 'b1', usable_at: null }]);
      expect(await db.selectFrom('cash_wallet').select(['id', 'usable_at']).execute()).toEqual([{ id: 'w1', usable_at: null }]);
    } finally {
      await dispose();
    }
  });
});
