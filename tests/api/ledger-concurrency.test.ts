import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { uuidv7 } from 'uuidv7';
import { createTestDatabase, lockWaiters, testDialects, type TestDatabase } from '../support/db';
import { waitFor } from '../support/wait';
import { ManualClock } from '../../src/server/clock';
import { DomainError } from '../../src/server/errors';
import { HOUSE, Ledger } from '../../src/server/ledger';
import { grantPostings } from '../support/ledger';

/*
 * Many commands at once. On PostgreSQL they really run in parallel over a pool of 10 connections
 * (row locks and unique-index waits do the serialising); on SQLite Kysely funnels transactions
 * through its one connection, so this checks the same outcome there.
 */
for (const dialect of testDialects()) {
  describe(`ledger concurrency (${dialect})`, () => {
    let t: TestDatabase;
    let ledger: Ledger;
    const clock = new ManualClock(Date.parse('2026-12-01T00:00:00Z'));

    let dbName = '';
    beforeAll(async () => {
      t = await createTestDatabase(dialect, { poolSize: 10 });
      ledger = new Ledger(t.database, clock);
      if (dialect === 'postgres') dbName = (await sql<{ name: string }>`select current_database() as name`.execute(t.database.db)).rows[0]!.name;
    });

    /**
     * Holds a claimed key so the other callers really queue behind it. PostgreSQL: until one of them
     * waits on the key (its claim's INSERT on the unique index), however long a loaded host takes
     * to get there. SQLite runs commands one after another (a commit group): held `ms`, as before,
     * which only ever gets longer on a slow host.
     */
    const holdClaim = async (ms: number) => {
      if (dialect === 'postgres') await waitFor(async () => (await lockWaiters(process.env.TEST_DATABASE_URL!, dbName)) > 0, 'another caller to wait on the key');
      else await new Promise((r) => setTimeout(r, ms));
    };
    afterAll(async () => {
      await t?.dispose();
    });

    const postingSum = async () => {
      const rows = await t.database.db.selectFrom('posting').select(['currency', (eb) => eb.fn.sum<number>('amount').as('total')]).groupBy('currency').execute();
      return rows.map((r) => Number(r.total));
    };

    it('50 simultaneous debits of 100 against 1,000: exactly 10 succeed', async () => {
      const u = uuidv7();
      await ledger.transact((trx) =>
        ledger.post(trx, {
          kind: 'grant',
          memo: '',
          postings: grantPostings(u, 'JPY', 1000),
        }),
      );
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, () =>
          ledger.transact((trx) =>
            ledger.post(trx, {
              kind: 'fee',
              userId: u,
              memo: '',
              postings: [
                { owner: u, currency: 'JPY', kind: 'cash', amount: -100 },
                { owner: HOUSE, currency: 'JPY', kind: 'fee_income', amount: 100 },
              ],
            }),
          ),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(failed).toHaveLength(40);
      for (const f of failed) {
        expect(f.reason).toBeInstanceOf(DomainError);
        expect(f.reason).toMatchObject({ kind: 'rule', messageId: 'balance_insufficient' });
      }
      expect(await ledger.balance(u, 'JPY', 'cash')).toBe(0);
      expect(await ledger.balance(HOUSE, 'JPY', 'fee_income')).toBe(1000);
      const entries = await t.database.db.selectFrom('journal_entry').select('id').where('user_id', '=', u).execute();
      expect(entries).toHaveLength(10);
      for (const s of await postingSum()) expect(s).toBe(0);
    });

    it('opposite transfers between two users at once do not deadlock', async () => {
      const a = uuidv7();
      const b = uuidv7();
      await ledger.transact(async (trx) => {
        for (const u of [a, b]) {
          await ledger.post(trx, {
            kind: 'grant',
            memo: '',
            postings: grantPostings(u, 'USD', 1000),
          });
        }
      });
      const move = (from: string, to: string) =>
        ledger.transact((trx) =>
          ledger.post(trx, {
            kind: 'transfer',
            memo: '',
            postings: [
              { owner: from, currency: 'USD', kind: 'cash', amount: -10 },
              { owner: to, currency: 'USD', kind: 'cash', amount: 10 },
            ],
          }),
        );
      const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 ? move(a, b) : move(b, a))));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(await ledger.balance(a, 'USD', 'cash')).toBe(1000);
      expect(await ledger.balance(b, 'USD', 'cash')).toBe(1000);
    });

    it('first postings to a brand-new user at once create each account once', async () => {
      const u = uuidv7();
      await Promise.all(
        Array.from({ length: 20 }, () =>
          ledger.transact((trx) =>
            ledger.post(trx, {
              kind: 'grant',
              memo: '',
              postings: grantPostings(u, 'HKD', 5),
            }),
          ),
        ),
      );
      const accounts = await t.database.db.selectFrom('ledger_account').select('id').where('owner', '=', u).execute();
      expect(accounts).toHaveLength(1);
      expect(await ledger.balance(u, 'HKD', 'cash')).toBe(100);
    });

    it('20 simultaneous calls with one idempotency key: fn runs once, all results equal', async () => {
      const u = uuidv7();
      await ledger.transact((trx) =>
        ledger.post(trx, {
          kind: 'grant',
          memo: '',
          postings: grantPostings(u, 'JPY', 1000),
        }),
      );
      let runs = 0;
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          ledger.withIdempotency(`withdraw:${u}`, 'same-key', { amount: 300 }, async (trx) => {
            runs++;
            // hold the claim so the others really queue behind it
            await holdClaim(20);
            const e = await ledger.post(trx, {
              kind: 'freeze',
              userId: u,
              memo: '',
              postings: [
                { owner: u, currency: 'JPY', kind: 'cash', amount: -300 },
                { owner: u, currency: 'JPY', kind: 'frozen', amount: 300 },
              ],
            });
            return { entryId: e.id, run: runs };
          }),
        ),
      );
      expect(runs).toBe(1);
      for (const r of results) expect(r).toEqual(results[0]);
      expect(await ledger.balances(u)).toEqual({ JPY: { cash: 700, frozen: 300 } });
    });

    it('concurrent idempotent calls whose first attempt fails: the key is retried, one success', async () => {
      const u = uuidv7();
      let runs = 0;
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, () =>
          ledger.withIdempotency(`s:${u}`, 'k', { x: 1 }, async () => {
            runs++;
            await holdClaim(5);
            if (runs === 1) throw new DomainError('rule', 'failed');
            return { n: runs };
          }),
        ),
      );
      const ok = results.filter((r): r is PromiseFulfilledResult<{ n: number }> => r.status === 'fulfilled');
      expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
      expect(runs).toBe(2);
      expect(ok).toHaveLength(9);
      for (const r of ok) expect(r.value).toEqual({ n: 2 });
    });
  });
}
