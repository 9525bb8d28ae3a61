import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Agreement to the 信用取引 risk explanation (docs/domain.md "Trading"): one row per user, the version of
 * the explanation agreed to and when. Margin and short orders are refused without the current one.
 */
export function marginAgreement(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('margin_agreement')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('agreed_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('margin_agreement').execute();
    },
  };
}
