import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Phishing-resistant sign-in (docs/decisions/008-passkeys.md, "Follow-up: passkey login as a
 * setting, and for staff"; issue 37 item 6):
 * - `users.passkey_required`: 1 when the user asked for a passkey at every sign-in; a password
 *   alone then opens no session.
 * - `sessions.auth_method`: how the session was signed in, 'password' or 'passkey'. The back
 *   office takes only passkey sessions. Sessions from before this migration were all opened by a
 *   password or a registration, so 'password' is their truth too.
 */
export function passkeyPolicy(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('passkey_required', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('sessions').addColumn('auth_method', 'text', (c) => c.notNull().defaultTo('password')).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('sessions').dropColumn('auth_method').execute();
      await db.schema.alterTable('users').dropColumn('passkey_required').execute();
    },
  };
}
