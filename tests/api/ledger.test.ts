import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/db';
import { ManualClock } from '../../src/server/clock';
import { DomainError } from '../../src/server/errors';
import { HOUSE, Ledger, canonicalJson, type PostingInput } from '../../src/server/ledger';
import type { Currency } from '../../src/shared/money';
import { grantPostings as grant } from '../support/ledger';

async function sumPostings(t: TestDatabase) {
  return t.database.db
    .selectFrom('posting')
    .select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')])
    .groupBy('currency')
    .execute();
}

async function counts(t: TestDatabase) {
  const e = await t.database.db.selectFrom('journal_entry').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const p = await t.database.db.selectFrom('posting').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { entries: Number(e.n), postings: Number(p.n) };
}

for (const dialect of testDialects()) {
  describe(`ledger (${dialect})`, () => {
    let t: TestDatabase;
    let ledger: Ledger;
    const clock = new ManualClock(Date.parse('2026-12-01T00:00:00Z'));

    beforeAll(async () => {
      t = await createTestDatabase(dialect);
      ledger = new Ledger(t.database, clock);
    });
    afterAll(async () => {
      await t?.dispose();
    });

    it('posts a balanced entry and keeps balances', async () => {
      const u = uuidv7();
      const posted = await ledger.transact((trx) =>
        ledger.post(trx, { kind: 'demo_grant', userId: u, refType: 'test', refId: 'r1', memo: 'welcome', postings: grant(u, 'JPY', 1000) }),
      );
      expect(posted.postings).toHaveLength(2);
      expect(posted.createdAt).toBe(clock.now());
      expect(await ledger.balance(u, 'JPY', 'cash')).toBe(1000);
      expect(await ledger.balance(u, 'USD', 'cash')).toBe(0);
      await ledger.transact((trx) =>
        ledger.post(trx, {
          kind: 'freeze',
          userId: u,
          memo: '',
          postings: [
            { owner: u, currency: 'JPY', kind: 'cash', amount: -300 },
            { owner: u, currency: 'JPY', kind: 'frozen', amount: 300 },
          ],
        }),
      );
      expect(await ledger.balances(u)).toEqual({ JPY: { cash: 700, frozen: 300 } });
      const rows = await t.database.db.selectFrom('balance').innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
        .select(['ledger_account.kind', 'balance.floor_zero', 'balance.version']).where('owner', '=', u).orderBy('kind').execute();
      expect(rows).toEqual([
        { kind: 'cash', floor_zero: 1, version: 2 },
        { kind: 'frozen', floor_zero: 1, version: 1 },
      ]);
      const house = await t.database.db.selectFrom('balance').innerJoin('ledger_account', 'ledger_account.id', 'balance.account_id')
        .select('balance.floor_zero').where('owner', '=', HOUSE).where('kind', '=', 'demo_grant').executeTakeFirstOrThrow();
      expect(house.floor_zero).toBe(0);
    });

    it('a posting that would make user cash negative fails and changes nothing', async () => {
      const u = uuidv7();
      await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 500) }));
      const before = await counts(t);
      const houseBefore = await ledger.balance(HOUSE, 'JPY', 'fee_income');
      const err = await ledger
        .transact(async (trx) => {
          // an earlier post in the same command must roll back too
          await ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 100) });
          return ledger.post(trx, {
            kind: 'fee',
            memo: '',
            postings: [
              { owner: u, currency: 'JPY', kind: 'cash', amount: -601 },
              { owner: HOUSE, currency: 'JPY', kind: 'fee_income', amount: 601 },
            ],
          });
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ kind: 'rule', messageId: 'balance_insufficient', params: { currency: 'JPY', kind: 'cash', available: 600, required: 601 } });
      expect(await ledger.balance(u, 'JPY', 'cash')).toBe(500);
      expect(await ledger.balance(HOUSE, 'JPY', 'fee_income')).toBe(houseBefore);
      expect(await counts(t)).toEqual(before);
    });

    it('lets house accounts and user loans go negative', async () => {
      const u = uuidv7();
      await ledger.transact((trx) =>
        ledger.post(trx, {
          kind: 'loan',
          memo: '',
          postings: [
            { owner: u, currency: 'USD', kind: 'loan', amount: -5000 },
            { owner: u, currency: 'USD', kind: 'cash', amount: 5000 },
          ],
        }),
      );
      expect(await ledger.balances(u)).toEqual({ USD: { cash: 5000, loan: -5000 } });
      expect(await ledger.balance(HOUSE, 'JPY', 'demo_grant')).toBeLessThan(0);
    });

    it('rejects malformed entries as programming errors, writing nothing', async () => {
      const u = uuidv7();
      const before = await counts(t);
      const bad: { postings: PostingInput[]; msg: RegExp }[] = [
        { postings: [{ owner: u, currency: 'JPY', kind: 'cash', amount: 0 }, { owner: HOUSE, currency: 'JPY', kind: 'demo_grant', amount: 0 }], msg: /non-zero/ },
        { postings: [{ owner: u, currency: 'JPY', kind: 'cash', amount: 10 }, { owner: HOUSE, currency: 'JPY', kind: 'demo_grant', amount: -9 }], msg: /unbalanced in JPY/ },
        { postings: [{ owner: u, currency: 'JPY', kind: 'cash', amount: 10 }, { owner: HOUSE, currency: 'USD', kind: 'demo_grant', amount: -10 }], msg: /unbalanced/ },
        { postings: [{ owner: u, currency: 'JPY', kind: 'cash', amount: 10 }], msg: /at least 2/ },
        { postings: [{ owner: u, currency: 'JPY', kind: 'cash', amount: 1.5 }, { owner: HOUSE, currency: 'JPY', kind: 'demo_grant', amount: -1.5 }], msg: /safe integer/ },
        { postings: [{ owner: u, currency: 'JPY', kind: 'demo_grant', amount: 10 }, { owner: HOUSE, currency: 'JPY', kind: 'demo_grant', amount: -10 }], msg: /not valid for owner/ },
        { postings: [{ owner: u, currency: 'JPY', kind: 'cash', amount: 10 }, { owner: HOUSE, currency: 'JPY', kind: 'cash', amount: -10 }], msg: /not valid for owner/ },
        { postings: [{ owner: u, currency: 'EUR' as Currency, kind: 'cash', amount: 10 }, { owner: HOUSE, currency: 'EUR' as Currency, kind: 'demo_grant', amount: -10 }], msg: /unknown currency/ },
      ];
      for (const b of bad) {
        const err = await ledger.transact((trx) => ledger.post(trx, { kind: 'x', memo: '', postings: b.postings })).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(Error);
        expect(err).not.toBeInstanceOf(DomainError);
        expect((err as Error).message).toMatch(b.msg);
      }
      expect(await counts(t)).toEqual(before);
      expect(await ledger.balances(u)).toEqual({});
    });

    it('refuses to post outside a transaction', async () => {
      const u = uuidv7();
      await expect(ledger.post(t.database.db as any, { kind: 'x', memo: '', postings: grant(u, 'JPY', 1) })).rejects.toThrow(/transaction/);
    });

    it('nets several postings to one account within an entry', async () => {
      const u = uuidv7();
      await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 100) }));
      // -150 then +100 on the same cash account: net -50, allowed with 100 available
      await ledger.transact((trx) =>
        ledger.post(trx, {
          kind: 'mixed',
          memo: '',
          postings: [
            { owner: u, currency: 'JPY', kind: 'cash', amount: -150 },
            { owner: u, currency: 'JPY', kind: 'cash', amount: 100 },
            { owner: HOUSE, currency: 'JPY', kind: 'fee_income', amount: 50 },
          ],
        }),
      );
      expect(await ledger.balance(u, 'JPY', 'cash')).toBe(50);
    });

    it('lists a user\u2019s entries newest first with their own postings, paged by cursor', async () => {
      const a = uuidv7();
      const b = uuidv7();
      await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', userId: a, memo: 'g', postings: grant(a, 'JPY', 1000) }));
      for (let i = 1; i <= 4; i++) {
        clock.advance(1000);
        await ledger.transact((trx) =>
          ledger.post(trx, {
            kind: 'transfer',
            userId: a,
            refType: 'transfer',
            refId: String(i),
            memo: `t${i}`,
            postings: [
              { owner: a, currency: 'JPY', kind: 'cash', amount: -10 * i },
              { owner: b, currency: 'JPY', kind: 'cash', amount: 10 * i },
            ],
          }),
        );
      }
      const p1 = await ledger.entries(a, { limit: 2 });
      expect(p1.items.map((e) => e.memo)).toEqual(['t4', 't3']);
      expect(p1.items[0]!.postings).toEqual([{ currency: 'JPY', kind: 'cash', amount: -40 }]);
      expect(p1.nextCursor).toBe(p1.items[1]!.id);
      const p2 = await ledger.entries(a, { limit: 2, cursor: p1.nextCursor });
      expect(p2.items.map((e) => e.memo)).toEqual(['t2', 't1']);
      const p3 = await ledger.entries(a, { limit: 2, cursor: p2.nextCursor });
      expect(p3.items.map((e) => e.memo)).toEqual(['g']);
      expect(p3.nextCursor).toBeNull();
      // the receiving side sees the transfers too, with only its own posting
      const rb = await ledger.entries(b);
      expect(rb.items.map((e) => [e.memo, e.postings])).toEqual([
        ['t4', [{ currency: 'JPY', kind: 'cash', amount: 40 }]],
        ['t3', [{ currency: 'JPY', kind: 'cash', amount: 30 }]],
        ['t2', [{ currency: 'JPY', kind: 'cash', amount: 20 }]],
        ['t1', [{ currency: 'JPY', kind: 'cash', amount: 10 }]],
      ]);
      expect(rb.nextCursor).toBeNull();
      expect((await ledger.entries(uuidv7())).items).toEqual([]);
    });

    it('journal_entry and posting are append-only', async () => {
      const u = uuidv7();
      const e = await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: 'm', postings: grant(u, 'JPY', 10) }));
      const db = t.database.db;
      await expect(db.updateTable('posting').set({ amount: 11 }).where('entry_id', '=', e.id).execute()).rejects.toThrow(/append-only/);
      await expect(db.deleteFrom('posting').where('entry_id', '=', e.id).execute()).rejects.toThrow(/append-only/);
      await expect(db.updateTable('journal_entry').set({ memo: 'changed' }).where('id', '=', e.id).execute()).rejects.toThrow(/append-only/);
      await expect(db.deleteFrom('journal_entry').where('id', '=', e.id).execute()).rejects.toThrow(/append-only/);
      await expect(sql`DELETE FROM posting`.execute(db)).rejects.toThrow(/append-only/);
      const row = await db.selectFrom('journal_entry').select('memo').where('id', '=', e.id).executeTakeFirstOrThrow();
      expect(row.memo).toBe('m');
      expect((await db.selectFrom('posting').select('amount').where('entry_id', '=', e.id).orderBy('amount').execute()).map((r) => r.amount)).toEqual([-10, 10]);
    });

    it('the balance CHECK backs up the floor rule', async () => {
      const u = uuidv7();
      await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 10) }));
      const acct = await t.database.db.selectFrom('ledger_account').select('id').where('owner', '=', u).executeTakeFirstOrThrow();
      await expect(t.database.db.updateTable('balance').set({ amount: -1 }).where('account_id', '=', acct.id).execute()).rejects.toThrow();
    });

    it('postings sum to zero per currency over the whole test', async () => {
      for (const r of await sumPostings(t)) expect(Number(r.total)).toBe(0);
    });

    describe('idempotency', () => {
      const pay = (u: string, amount: number) => (trx: Parameters<Parameters<Ledger['transact']>[0]>[0]) =>
        ledger.post(trx, {
          kind: 'fee',
          userId: u,
          memo: '',
          postings: [
            { owner: u, currency: 'JPY', kind: 'cash', amount: -amount },
            { owner: HOUSE, currency: 'JPY', kind: 'fee_income', amount },
          ],
        });

      it('canonical JSON sorts keys at every level', () => {
        expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"z":1}]},"b":1}');
        expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
        expect(canonicalJson(undefined)).toBe('null');
      });

      it('same key and body: the first result again, fn runs once', async () => {
        const u = uuidv7();
        await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 1000) }));
        let runs = 0;
        const run = () =>
          ledger.withIdempotency(`withdraw:${u}`, 'k1', { amount: 100, note: 'x' }, async (trx) => {
            runs++;
            const e = await pay(u, 100)(trx);
            return { entryId: e.id, at: e.createdAt };
          });
        const first = await run();
        clock.advance(5000);
        const second = await ledger.withIdempotency(`withdraw:${u}`, 'k1', { note: 'x', amount: 100 }, async () => {
          runs++;
          return { entryId: 'other', at: 0 };
        });
        expect(second).toEqual(first);
        expect(runs).toBe(1);
        expect(await ledger.balance(u, 'JPY', 'cash')).toBe(900);
        // another scope with the same key is independent
        await ledger.withIdempotency(`withdraw:${uuidv7()}`, 'k1', { amount: 100, note: 'x' }, async () => runs++);
        expect(runs).toBe(2);
      });

      it('same key, different body: 409 idempotency_key_reused, nothing runs', async () => {
        const u = uuidv7();
        await ledger.withIdempotency(`s:${u}`, 'k', { amount: 1 }, async () => 'ok');
        let ran = false;
        const err = await ledger
          .withIdempotency(`s:${u}`, 'k', { amount: 2 }, async () => {
            ran = true;
            return 'no';
          })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(DomainError);
        expect(err).toMatchObject({ kind: 'conflict', messageId: 'idempotency_key_reused' });
        expect(ran).toBe(false);
      });

      it('a failed command frees the key and changes nothing', async () => {
        const u = uuidv7();
        await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 50) }));
        const before = await counts(t);
        const err = await ledger.withIdempotency(`w:${u}`, 'k', { amount: 100 }, pay(u, 100)).catch((e: unknown) => e);
        expect(err).toMatchObject({ kind: 'rule', messageId: 'balance_insufficient' });
        expect(await counts(t)).toEqual(before);
        const row = await t.database.db.selectFrom('idempotency').selectAll().where('scope', '=', `w:${u}`).executeTakeFirst();
        expect(row).toBeUndefined();
        // the key is free: after a top-up, the same key and body succeed
        await ledger.transact((trx) => ledger.post(trx, { kind: 'grant', memo: '', postings: grant(u, 'JPY', 50) }));
        const ok = await ledger.withIdempotency(`w:${u}`, 'k', { amount: 100 }, async (trx) => (await pay(u, 100)(trx)).id);
        expect(typeof ok).toBe('string');
        expect(await ledger.balance(u, 'JPY', 'cash')).toBe(0);
        // and a plain Error frees it as well
        await expect(ledger.withIdempotency(`w:${u}`, 'k2', {}, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
        expect(await ledger.withIdempotency(`w:${u}`, 'k2', {}, async () => 7)).toBe(7);
      });

      it('returns the JSON copy to the first caller too, so every caller sees the same value', async () => {
        const r1 = await ledger.withIdempotency('j', uuidv7(), {}, async () => ({ a: 1, b: undefined, d: new Date(0) }));
        expect(r1).toEqual({ a: 1, d: '1970-01-01T00:00:00.000Z' });
        expect(await ledger.withIdempotency('j', uuidv7(), {}, async () => undefined)).toBeNull();
      });

      it('rejects empty or oversized keys as invalid', async () => {
        await expect(ledger.withIdempotency('s', '', {}, async () => 1)).rejects.toMatchObject({ kind: 'invalid' });
        await expect(ledger.withIdempotency('s', 'x'.repeat(129), {}, async () => 1)).rejects.toMatchObject({ kind: 'invalid' });
      });
    });
  });
}
