import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Watchlists (お気に入り): one row per (user, instrument code). `position` orders a user's list;
 * codes are not foreign keys because instruments live in the market data source, not the database.
 */
export function watchlist(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('watchlist')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('watchlist_pk', ['user_id', 'code'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('watchlist').execute();
    },
  };
}
