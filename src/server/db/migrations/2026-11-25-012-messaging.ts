import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Messages, news, customer-service chat, price alerts and Web Push subscriptions
 * (docs/domain.md "Messages, news and support", docs/decisions/017-messages-news-support.md).
 * A message is a message id (`kind`) + params, rendered in the reader's language at read time;
 * `dedupe_key` makes an event's message once-only per user (a repeated job run, a retried command).
 */
export function messaging(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('message')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('params_json', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text')
        .addColumn('read_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('message_user').on('message').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('message_dedupe').on('message').columns(['user_id', 'dedupe_key']).unique().execute();

      await db.schema
        .createTable('news_item')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // 'simulated' (made from simulator events) | 'editorial' (written by an admin)
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('code', 'text')
        .addColumn('params_json', 'text', (c) => c.notNull())
        // editorial: {"ja": {"title", "body"}, "en": ...}; simulated: "{}"
        .addColumn('content_json', 'text', (c) => c.notNull())
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('author_id', 'text')
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('news_item_time').on('news_item').columns(['published_at', 'id']).execute();
      await db.schema.createIndex('news_item_code').on('news_item').columns(['code', 'published_at']).execute();

      await db.schema
        .createTable('support_thread')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id'))
        .addColumn('last_at', 'bigint', (c) => c.notNull())
        .addColumn('user_unread', 'integer', (c) => c.notNull())
        .addColumn('staff_unread', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_thread_last').on('support_thread').columns(['last_at', 'id']).execute();
      await db.schema
        .createTable('support_message')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('thread_id', 'text', (c) => c.notNull().references('support_thread.id'))
        // 'user' | 'staff'
        .addColumn('author', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('upload_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('support_message_thread').on('support_message').columns(['thread_id', 'id']).execute();

      await db.schema
        .createTable('price_alert')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('code', 'text', (c) => c.notNull())
        // 'above' | 'below' (threshold: a price in the instrument's integer units) | 'change' (threshold: basis points, ±)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('threshold', 'bigint', (c) => c.notNull())
        .addColumn('fired_at', 'bigint')
        .addColumn('fired_value', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('price_alert_user').on('price_alert').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('price_alert_active').on('price_alert').columns(['fired_at', 'code']).execute();

      await db.schema
        .createTable('push_subscription')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('endpoint', 'text', (c) => c.notNull().unique())
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscription_user').on('push_subscription').column('user_id').execute();
    },
    async down(db: Kysely<any>) {
      for (const t of ['push_subscription', 'price_alert', 'support_message', 'support_thread', 'news_item', 'message']) {
        await db.schema.dropTable(t).execute();
      }
    },
  };
}
