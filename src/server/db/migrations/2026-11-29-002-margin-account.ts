import { sql, type Kysely, type Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * 信用取引口座 applications (docs/domain.md "Margin account", docs/decisions/024-margin-account.md):
 * the suitability answers (JSON text), the version of the risk explanation agreed to, why the rules
 * referred it (JSON array), and the review columns of the shared workflow (platform/review.ts).
 * Every recorded agreement becomes a pending application without answers ('migrated'): the user
 * re-applies or an admin reviews it. The agreement table stays, read by nothing, for the record.
 */
export function marginAccount(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('margin_account_application')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('answers', 'text')
        .addColumn('risk_version', 'integer', (c) => c.notNull())
        .addColumn('referral', 'text', (c) => c.notNull())
        .addColumn('auto_decided', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('review_status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('margin_account_user_latest').on('margin_account_application').columns(['user_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('margin_account_review').on('margin_account_application').columns(['review_status', 'id']).execute();
      await sql`
        INSERT INTO margin_account_application (id, user_id, answers, risk_version, referral, auto_decided, created_at, review_status)
        SELECT 'migrated-' || user_id, user_id, NULL, version, '["migrated"]', 0, agreed_at, 'pending' FROM margin_agreement
      `.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('margin_account_application').execute();
    },
  };
}
