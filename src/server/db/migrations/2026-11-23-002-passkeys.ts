import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Passkeys (docs/decisions/008-passkeys.md): the credentials users register, the WebAuthn
 * challenges the server issued (single-use, short-lived, under an opaque id) and the step-up tokens
 * a fresh assertion earns for one high-risk command. Portable SQL: text, bigint and integer only.
 */
export function passkeys(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('passkey_credential')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        // base64url credential id, as the authenticator reports it
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        // base64url COSE public key
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('sign_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('backed_up', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('passkey_credential_user').on('passkey_credential').column('user_id').execute();

      await db.schema
        .createTable('passkey_challenge')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('challenge', 'text', (c) => c.notNull())
        // null for sign-in (the user is not known until the assertion names the credential)
        .addColumn('user_id', 'text')
        .addColumn('session_id', 'text')
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('passkey_challenge_expiry').on('passkey_challenge').column('expires_at').execute();

      await db.schema
        .createTable('passkey_step_up')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('session_id', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('passkey_step_up_expiry').on('passkey_step_up').column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('passkey_step_up').execute();
      await db.schema.dropTable('passkey_challenge').execute();
      await db.schema.dropTable('passkey_credential').execute();
    },
  };
}
