import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * The back office filters the audit log by admin, target and action, newest first
 * (src/server/platform/audit.ts): one index per filter, each ending in the id the page is ordered
 * and cut by, so a filtered page reads only its own rows however long the log grows.
 */
export function auditFilters(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('admin_audit_admin').on('admin_audit').columns(['admin_id', 'id']).execute();
      await db.schema.createIndex('admin_audit_target').on('admin_audit').columns(['target', 'id']).execute();
      await db.schema.createIndex('admin_audit_action').on('admin_audit').columns(['action', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      for (const name of ['admin_audit_admin', 'admin_audit_target', 'admin_audit_action']) await db.schema.dropIndex(name).execute();
    },
  };
}
