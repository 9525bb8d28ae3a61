import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Watchlist groups (docs/domain.md "Watchlist groups"): a user's named groups besides the default
 * list, which stays in `watchlist` (so its endpoints and rows are untouched). `position` orders the
 * groups and the codes inside a group; a code may be in several groups. Deleting a group deletes
 * its entries.
 */
export function watchlistGroups(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('watchlist_group')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('watchlist_group_user').on('watchlist_group').column('user_id').execute();
      await db.schema
        .createTable('watchlist_group_item')
        .addColumn('group_id', 'text', (c) => c.notNull().references('watchlist_group.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('added_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('watchlist_group_item_pk', ['group_id', 'code'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('watchlist_group_item').execute();
      await db.schema.dropTable('watchlist_group').execute();
    },
  };
}
