import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Profit = total assets − net deposits (docs/domain.md "Profit"): dividends, 配当落調整金,
 * 配当金相当額, lending fees, loan and late interest move a user's equity without any position's
 * P/L carrying them, so the ledger keeps their running total per owner and currency
 * (src/server/ledger/income.ts), backfilled here from the postings already made. The kinds are
 * written out, not imported: a kind added to INCOME_KINDS later needs its own backfill.
 */
const KINDS = ['dividend', 'dividend_adjustment', 'dividend_substitute', 'lending_fee', 'loan_interest', 'late_interest'];

export function ledgerIncome(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ledger_income')
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        // Σ the owner's postings in entries of those kinds (minor units; + received, − paid).
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('ledger_income_pk', ['owner', 'currency'])
        .execute();
      await sql`
        INSERT INTO ledger_income (owner, currency, amount, updated_at)
        SELECT ledger_account.owner, posting.currency, SUM(posting.amount), MAX(journal_entry.created_at)
        FROM posting
        JOIN journal_entry ON journal_entry.id = posting.entry_id
        JOIN ledger_account ON ledger_account.id = posting.account_id
        WHERE journal_entry.kind IN (${sql.join(KINDS)}) AND ledger_account.owner <> 'house'
        GROUP BY ledger_account.owner, posting.currency`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ledger_income').execute();
    },
  };
}
