import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Bank accounts and USDT wallets (docs/domain.md "Bank accounts and wallets"): where a user's money
 * may leave to. A removed one keeps its row (`deleted_at`), so a later withdrawal record can still
 * name its destination. One account or address belongs to one person: the partial unique indexes
 * cover the live rows of every user, not per user. Bank and branch names are kept as registered
 * (the Zengin list changes when banks merge).
 */
export function bankAccounts(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('cash_bank_account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('bank_code', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text', (c) => c.notNull())
        .addColumn('branch_code', 'text', (c) => c.notNull())
        .addColumn('branch_name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('holder_kana', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('cash_bank_account_user').on('cash_bank_account').column('user_id').execute();
      await db.schema
        .createIndex('cash_bank_account_live')
        .on('cash_bank_account')
        .columns(['bank_code', 'branch_code', 'type', 'number'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema
        .createTable('cash_wallet')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('network', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('label', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('deleted_at', 'bigint')
        .execute();
      await db.schema.createIndex('cash_wallet_user').on('cash_wallet').column('user_id').execute();
      await db.schema
        .createIndex('cash_wallet_live')
        .on('cash_wallet')
        .columns(['network', 'address'])
        .unique()
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('cash_wallet').execute();
      await db.schema.dropTable('cash_bank_account').execute();
    },
  };
}
