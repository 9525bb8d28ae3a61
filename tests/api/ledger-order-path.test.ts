/**
 * The order path's shortcuts (docs/decisions/018-request-path-performance.md, "compiled
 * order path"): a transaction's remembered wallet is forgotten by its own posts only, and account
 * ids are kept only once committed — a rolled-back creation leaves no id behind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from 'uuidv7';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/db';
import { ManualClock } from '../../src/server/clock';
import { Ledger, lockWallet } from '../../src/server/ledger';
import { grantPostings as grant } from '../support/ledger';

for (const dialect of testDialects()) {
  describe(`ledger order path (${dialect})`, () => {
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

    it('a remembered wallet is read again after a post in its transaction, and kept across another transaction’s post', async () => {
      const u = uuidv7();
      const other = uuidv7();
      await ledger.transact((trx) => ledger.post(trx, { kind: 'demo_grant', userId: u, memo: '', postings: grant(u, 'JPY', 1000) }));
      await ledger.transact(async (trx) => {
        expect((await lockWallet(trx, t.database.caps, u, 'JPY')).cash).toBe(1000);
        // Another user's post in another transaction leaves this one's memory alone (PostgreSQL:
        // SQLite runs one transaction at a time, so a second one would wait for this one).
        if (t.database.caps.rowLocks) {
          await ledger.transact((o) => ledger.post(o, { kind: 'demo_grant', userId: other, memo: '', postings: grant(other, 'JPY', 5) }));
          expect((await lockWallet(trx, t.database.caps, u, 'JPY')).cash).toBe(1000);
        }
        await ledger.post(trx, {
          kind: 'freeze', userId: u, memo: '',
          postings: [
            { owner: u, currency: 'JPY', kind: 'cash', amount: -300 },
            { owner: u, currency: 'JPY', kind: 'frozen', amount: 300 },
          ],
        });
        expect((await lockWallet(trx, t.database.caps, u, 'JPY')).cash).toBe(700);
      });
      expect(await ledger.balance(u, 'JPY', 'cash')).toBe(700);
    });

    it('an account created in a transaction that rolls back is created again, not remembered', async () => {
      const u = uuidv7();
      await expect(
        ledger.transact(async (trx) => {
          await ledger.post(trx, { kind: 'demo_grant', userId: u, memo: '', postings: grant(u, 'JPY', 100) });
          // Read again inside the same transaction: found by SELECT, but created here.
          await ledger.post(trx, { kind: 'demo_grant', userId: u, memo: '', postings: grant(u, 'JPY', 1) });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      await ledger.transact((trx) => ledger.post(trx, { kind: 'demo_grant', userId: u, memo: '', postings: grant(u, 'JPY', 250) }));
      expect(await ledger.balance(u, 'JPY', 'cash')).toBe(250);
      const accounts = await t.database.db.selectFrom('ledger_account').select('id').where('owner', '=', u).execute();
      expect(accounts).toHaveLength(1);
    });
  });
}
