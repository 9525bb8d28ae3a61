import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * One deposit per receipt (docs/domain.md "Deposits"): a receipt upload behind a pending or approved
 * deposit cannot back another one; a rejected deposit's receipt is free again (nothing was credited
 * on it). A partial unique index holds it, whatever races.
 *
 * Rows written before it may already share a receipt. They are history (an approved deposit has its
 * ledger entry) and are not rewritten: every such row but the oldest of its receipt is marked
 * `receipt_repeat = 1` and left out of the index, and the approval refuses a pending one
 * (`deposit_receipt_used`) so the reviewer rejects it. New rows are 0. Self-contained: plain SQL,
 * no module code.
 */
export function depositReceiptOnce(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('cash_deposit').addColumn('receipt_repeat', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      const live = await db
        .selectFrom('cash_deposit')
        .select(['id', 'receipt_upload_id'])
        .where('review_status', '<>', 'rejected')
        .orderBy('receipt_upload_id')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const repeats: string[] = [];
      for (let i = 1; i < live.length; i++) {
        if (live[i]!.receipt_upload_id === live[i - 1]!.receipt_upload_id) repeats.push(live[i]!.id as string);
      }
      for (let i = 0; i < repeats.length; i += 500) {
        await db.updateTable('cash_deposit').set({ receipt_repeat: 1 }).where('id', 'in', repeats.slice(i, i + 500)).execute();
      }
      await db.schema
        .createIndex('cash_deposit_receipt_once')
        .on('cash_deposit')
        .column('receipt_upload_id')
        .unique()
        .where(sql.ref('review_status'), '<>', 'rejected')
        .where(sql.ref('receipt_repeat'), '=', 0)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('cash_deposit_receipt_once').execute();
      await db.schema.alterTable('cash_deposit').dropColumn('receipt_repeat').execute();
    },
  };
}
