import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * IPO and offerings (docs/domain.md "IPO", docs/decisions/014-ipo-draw.md). `ipo_offering` holds
 * the admin's terms, the draw seed (secret until `drawn_at`; its SHA-256 `commitment` is public
 * from creation), the issue price once priced and the opening price once listed — it is also
 * where the simulator learns of the new instrument at start. `ipo_application` is one user's
 * application: `reserved` is the money frozen for it right now.
 */
export function ipo(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('ipo_offering')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('name_ja', 'text', (c) => c.notNull())
        .addColumn('name_en', 'text', (c) => c.notNull())
        .addColumn('kana', 'text', (c) => c.notNull())
        .addColumn('segment', 'text', (c) => c.notNull())
        .addColumn('sponsor', 'text', (c) => c.notNull())
        .addColumn('price_scale', 'integer', (c) => c.notNull())
        .addColumn('price_low', 'bigint', (c) => c.notNull())
        .addColumn('price_high', 'bigint', (c) => c.notNull())
        .addColumn('final_price', 'bigint')
        .addColumn('open_price', 'bigint')
        .addColumn('shares_offered', 'bigint', (c) => c.notNull())
        .addColumn('shares_outstanding', 'bigint', (c) => c.notNull())
        .addColumn('min_lots', 'integer', (c) => c.notNull())
        .addColumn('min_funds', 'bigint', (c) => c.notNull())
        .addColumn('repeat_max', 'integer', (c) => c.notNull())
        .addColumn('window_from', 'bigint', (c) => c.notNull())
        .addColumn('window_to', 'bigint', (c) => c.notNull())
        .addColumn('draw_at', 'bigint', (c) => c.notNull())
        .addColumn('payment_due', 'bigint', (c) => c.notNull())
        .addColumn('listing_date', 'text', (c) => c.notNull())
        .addColumn('listing_at', 'bigint', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('commitment', 'text', (c) => c.notNull())
        .addColumn('priced_at', 'bigint')
        .addColumn('drawn_at', 'bigint')
        .addColumn('paid_at', 'bigint')
        .addColumn('listed_at', 'bigint')
        .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ipo_offering_window').on('ipo_offering').columns(['window_from', 'id']).execute();
      await db.schema
        .createTable('ipo_application')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('offering_id', 'text', (c) => c.notNull().references('ipo_offering.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('lots', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('reserve_price', 'bigint', (c) => c.notNull())
        .addColumn('reserved', 'bigint', (c) => c.notNull())
        .addColumn('won_lots', 'bigint')
        .addColumn('position_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('ipo_application_offering').on('ipo_application').columns(['offering_id', 'id']).execute();
      await db.schema.createIndex('ipo_application_user').on('ipo_application').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('ipo_application').execute();
      await db.schema.dropTable('ipo_offering').execute();
    },
  };
}
