import { describe, expect, it } from 'vitest';
import { HOUSE } from '../../src/server/ledger';
import { postEntry } from '../../src/server/ledger/post';
import { readIncome } from '../../src/server/ledger/income';
import { testDialects } from '../support/db';
import { migrator, openFresh } from '../support/migrations';

/*
 * Migration 2026-11-27-001 (docs/domain.md "Profit"): the running income total starts as each
 * owner's postings in dividend, 配当落調整金, 配当金相当額, lending-fee, loan-interest and
 * late-interest entries, per currency; other kinds and the house's side add nothing. Entries posted
 * afterwards add to it.
 */
const BEFORE = '2026-11-26-003-scaleout';

/** Entries as they were written before the migration: kind, then (owner, currency, account kind, amount) postings. */
const HISTORY: [string, [string, string, string, number][]][] = [
  ['admin_grant', [[HOUSE, 'JPY', 'demo_grant', -1_000_000], ['u1', 'JPY', 'cash', 1_000_000]]],
  ['dividend', [[HOUSE, 'JPY', 'dividend_clearing', -6_900], [HOUSE, 'JPY', 'tax_payable', 1_401], ['u1', 'JPY', 'cash', 5_499]]],
  ['dividend_adjustment', [[HOUSE, 'JPY', 'dividend_clearing', 6_900], ['u1', 'JPY', 'cash', -1_000], ['u1', 'JPY', 'shortfall', -5_900]]],
  ['loan_interest', [['u1', 'JPY', 'loan', -30], [HOUSE, 'JPY', 'interest_income', 30]]],
  ['trade_close', [['u1', 'JPY', 'margin', -50_000], [HOUSE, 'JPY', 'market_counterparty', -2_000], ['u1', 'JPY', 'unsettled', 52_000]]],
  ['late_interest', [['u2', 'JPY', 'shortfall', -12], [HOUSE, 'JPY', 'interest_income', 12]]],
  ['lending_fee', [[HOUSE, 'JPY', 'lending_fee_expense', -100], ['u2', 'JPY', 'cash', 100]]],
  ['dividend_substitute', [[HOUSE, 'JPY', 'lending_fee_expense', -2_300], ['u2', 'JPY', 'cash', 2_300]]],
  ['dividend', [[HOUSE, 'USD', 'dividend_clearing', -250], ['u2', 'USD', 'cash', 250]]],
];

for (const dialect of testDialects()) {
  describe(`migration 2026-11-27-001 backfills income (${dialect})`, () => {
    it('sums each owner’s postings in the income kinds, per currency, and later entries add to it', async () => {
      const { database, dispose } = await openFresh(dialect);
      try {
        const m = migrator(database);
        expect((await m.migrateTo(BEFORE)).error).toBeUndefined();
        const db = database.db as any;
        const accounts = new Map<string, string>();
        const sums = new Map<string, number>();
        let n = 0;
        for (const [k, [kind, postings]] of HISTORY.entries()) {
          const entryId = `e${k}`;
          await db.insertInto('journal_entry').values({ id: entryId, kind, user_id: null, ref_type: null, ref_id: null, memo: '{}', created_at: 100 + k }).execute();
          for (const [owner, currency, account, amount] of postings) {
            const name = `${owner}/${currency}/${account}`;
            if (!accounts.has(name)) {
              accounts.set(name, `a${accounts.size}`);
              await db.insertInto('ledger_account').values({ id: accounts.get(name), owner, currency, kind: account, created_at: 1 }).execute();
            }
            await db.insertInto('posting').values({ id: `p${n++}`, entry_id: entryId, account_id: accounts.get(name), currency, amount }).execute();
            sums.set(name, (sums.get(name) ?? 0) + amount);
          }
        }
        // Balance rows as the ledger keeps them (the entries below move the house's).
        for (const [name, id] of accounts) {
          await db.insertInto('balance').values({ account_id: id, currency: name.split('/')[1], amount: sums.get(name), floor_zero: 0, version: 1, updated_at: 1 }).execute();
        }
        expect((await m.migrateToLatest()).error).toBeUndefined();
        const rows = await db.selectFrom('ledger_income').select(['owner', 'currency', 'amount']).orderBy('owner').orderBy('currency').execute();
        expect(rows.map((r: { owner: string; currency: string; amount: number }) => ({ ...r, amount: Number(r.amount) }))).toEqual([
          { owner: 'u1', currency: 'JPY', amount: 5_499 - 6_900 - 30 },
          { owner: 'u2', currency: 'JPY', amount: -12 + 100 + 2_300 },
          { owner: 'u2', currency: 'USD', amount: 250 },
        ]);

        // From now on the ledger keeps the total: a grant adds nothing, a dividend and an adjustment paid do.
        const post = (kind: string, amount: number) =>
          database.db.transaction().execute((trx) =>
            postEntry(trx, { kind, userId: 'u3', memo: '{}', postings: [{ owner: HOUSE, currency: 'JPY', kind: 'dividend_clearing', amount: -amount }, { owner: 'u3', currency: 'JPY', kind: 'cash', amount }] }, 200),
          );
        await post('admin_grant', 10_000);
        expect(await readIncome(database.db, 'u3', 'JPY')).toBe(0);
        await post('dividend', 1_833);
        await post('dividend_adjustment', -2_300);
        expect(await readIncome(database.db, 'u3', 'JPY')).toBe(1_833 - 2_300);
        expect(await readIncome(database.db, 'u1', 'JPY')).toBe(5_499 - 6_900 - 30);
      } finally {
        await dispose();
      }
    });
  });
}
