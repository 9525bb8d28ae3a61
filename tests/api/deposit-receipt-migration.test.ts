import { describe, expect, it } from 'vitest';
import { migrations } from '../../src/server/db/migrations';
import { testDialects } from '../support/db';
import { migrator, openFresh } from '../support/migrations';

/*
 * Migration 2026-11-27-003 (docs/domain.md "Deposits"): one live deposit per receipt. Deposits
 * written before it may share a receipt; they are kept as they are, every one but the oldest of a
 * receipt (rejected ones aside) marked `receipt_repeat`, and the unique index is built over the rest.
 */
const MINE = '2026-11-27-003-deposit-receipt-once';

/** History before the index: [id, user, receipt, status, created_at]. */
const HISTORY: [string, string, string, string, number][] = [
  ['d1', 'u1', 'r1', 'approved', 100], // r1: approved twice (the finding's double credit) …
  ['d2', 'u1', 'r1', 'approved', 200], // … the later one is the repeat
  ['d3', 'u1', 'r2', 'approved', 300], // r2: approved, then pending again → the pending one is the repeat
  ['d4', 'u1', 'r2', 'pending', 400],
  ['d5', 'u2', 'r3', 'rejected', 100], // r3: rejected, then approved → no repeat (a rejected row credited nothing)
  ['d6', 'u2', 'r3', 'approved', 200],
  ['d7', 'u2', 'r4', 'approved', 300], // r4: alone
];

for (const dialect of testDialects()) {
  describe(`migration ${MINE} (${dialect})`, () => {
    it('marks the repeats of existing shared receipts, keeps every row, and the index holds from then on', async () => {
      const { database, dispose } = await openFresh(dialect);
      try {
        const names = Object.keys(migrations).sort();
        const before = names[names.indexOf(MINE) - 1]!;
        const m = migrator(database);
        expect((await m.migrateTo(before)).error).toBeUndefined();
        const db = database.db as any;
        for (const u of ['u1', 'u2']) {
          await db.insertInto('users').values({ id: u, phone: `+8190000000${u.slice(1)}`, password_hash: 'x', invite_code: `CODE${u}`, created_at: 1, updated_at: 1 }).execute();
        }
        await db.insertInto('cash_deposit_channel').values({ id: 'c1', type: 'bank', currency: 'JPY', label: 'bank', active: 1, created_at: 1, updated_at: 1 }).execute();
        for (const [id, user, receipt, status, at] of HISTORY) {
          await db
            .insertInto('cash_deposit')
            .values({
              id, user_id: user, channel_id: 'c1', currency: 'JPY', amount: 10_000, credited_amount: status === 'approved' ? 10_000 : null,
              receipt_upload_id: receipt, reference: 'KB', entry_id: null, created_at: at, review_status: status,
            })
            .execute();
        }
        expect((await m.migrateTo(MINE)).error).toBeUndefined();
        const rows = await db.selectFrom('cash_deposit').select(['id', 'review_status', 'receipt_repeat']).orderBy('id').execute();
        expect(rows.map((r: { id: string; review_status: string; receipt_repeat: number }) => [r.id, r.review_status, Number(r.receipt_repeat)])).toEqual([
          ['d1', 'approved', 0],
          ['d2', 'approved', 1],
          ['d3', 'approved', 0],
          ['d4', 'pending', 1],
          ['d5', 'rejected', 0],
          ['d6', 'approved', 0],
          ['d7', 'approved', 0],
        ]);
        // From now on a second live deposit on a receipt is refused by the database itself.
        const row = { user_id: 'u2', channel_id: 'c1', currency: 'JPY', amount: 1, credited_amount: null, reference: 'KB', entry_id: null, created_at: 500 };
        await expect(db.insertInto('cash_deposit').values({ ...row, id: 'd8', receipt_upload_id: 'r4', review_status: 'pending' }).execute()).rejects.toThrow();
        await db.insertInto('cash_deposit').values({ ...row, id: 'd9', receipt_upload_id: 'r4', review_status: 'rejected' }).execute();
        await db.insertInto('cash_deposit').values({ ...row, id: 'd10', receipt_upload_id: 'r5', review_status: 'pending' }).execute();
        // And it can be undone.
        expect((await m.migrateTo(before)).error).toBeUndefined();
      } finally {
        await dispose();
      }
    });
  });
}
