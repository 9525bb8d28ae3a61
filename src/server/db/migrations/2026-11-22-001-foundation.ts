import { sql, type Kysely, type Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

export function foundation(caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('phone', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('fund_password_hash', 'text')
        .addColumn('fund_password_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('fund_password_locked_until', 'bigint')
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('invited_by', 'text', (c) => c.references('users.id'))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('state_reason', 'text')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('config')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();

      await db.schema
        .createTable('admin_audit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('admin_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('detail_json', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('ledger_account')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('ledger_account_owner_currency_kind', ['owner', 'currency', 'kind'])
        .execute();

      await db.schema
        .createTable('journal_entry')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('ref_type', 'text')
        .addColumn('ref_id', 'text')
        .addColumn('memo', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('journal_entry_user').on('journal_entry').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('posting')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('entry_id', 'text', (c) => c.notNull().references('journal_entry.id'))
        .addColumn('account_id', 'text', (c) => c.notNull().references('ledger_account.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('posting_entry').on('posting').column('entry_id').execute();
      await db.schema.createIndex('posting_account').on('posting').column('account_id').execute();

      await db.schema
        .createTable('balance')
        .addColumn('account_id', 'text', (c) => c.primaryKey().references('ledger_account.id'))
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('floor_zero', 'integer', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        // Backstop for the service-level rule: user cash never goes negative (docs/architecture.md "The money model").
        .addCheckConstraint('balance_floor', sqlFloor())
        .execute();

      await db.schema
        .createTable('idempotency')
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('response_json', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_pk', ['scope', 'key'])
        .execute();

      for (const table of ['journal_entry', 'posting', 'admin_audit']) {
        for (const stmt of caps.appendOnly(table)) await stmt.execute(db);
      }
    },
  };
}

function sqlFloor() {
  return sql`floor_zero = 0 OR amount >= 0`;
}
