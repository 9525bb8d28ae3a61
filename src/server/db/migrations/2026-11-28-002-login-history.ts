import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Login history and devices (docs/domain.md "Login history and devices", issue 37 item 5):
 * - `login_event`: one row per sign-in (password, passkey, registration) with the session it made,
 *   the address, the country where a trusted proxy says it, and what the User-Agent said; whether it
 *   was a new device / country (the user was told) and when the user reported it as not theirs.
 * - `known_device`: the devices an account has signed in from, by the hash of their key (the app's
 *   device id, or a User-Agent fingerprint for clients without one), so a new one can be told apart.
 * - `security_lock`: an account whose fund actions wait for a new login password after a report.
 */
export function loginHistory(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('login_event')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
        // 'password' | 'passkey' | 'register'
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text')
        // ISO 3166-1 alpha-2 from a trusted proxy's header; null when not known
        .addColumn('country', 'text')
        // SHA-256 of 'id:<device id>' or 'ua:<browser|os|type>' (rules: deviceKey)
        .addColumn('device_key', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('browser', 'text', (c) => c.notNull())
        .addColumn('os', 'text', (c) => c.notNull())
        .addColumn('device_type', 'text', (c) => c.notNull())
        .addColumn('device_name', 'text', (c) => c.notNull())
        .addColumn('new_device', 'integer', (c) => c.notNull())
        .addColumn('new_country', 'integer', (c) => c.notNull())
        .addColumn('reported_at', 'bigint')
        .execute();
      await db.schema.createIndex('login_event_user').on('login_event').columns(['user_id', 'at']).execute();
      await db.schema.createIndex('login_event_session').on('login_event').column('session_id').execute();

      await db.schema
        .createTable('known_device')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('device_key', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_device_pk', ['user_id', 'device_key'])
        .execute();

      await db.schema
        .createTable('security_lock')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        // the sign-in the user reported
        .addColumn('login_id', 'text', (c) => c.notNull())
        .addColumn('locked_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('security_lock').execute();
      await db.schema.dropTable('known_device').execute();
      await db.schema.dropTable('login_event').execute();
    },
  };
}
