import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Documents delivered electronically (電子交付) (docs/domain.md "Documents and exports",
 * docs/decisions/027-documents.md):
 * - document: one issued PDF (取引報告書, 取引残高報告書, 特定口座年間取引報告書), immutable once
 *   written; `source_key` is unique, so a job that runs twice issues nothing twice; a correction is
 *   a new row naming the one it corrects (`corrects_id`) with the reason;
 * - document_consent: every consent to electronic delivery and every withdrawal, with its version.
 * The execution scan reads journal_entry by (kind, created_at), which the index below serves.
 */
export function documents(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('document')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('source_key', 'text', (c) => c.notNull().unique())
        .addColumn('period_from', 'text')
        .addColumn('period_to', 'text')
        .addColumn('code', 'text')
        .addColumn('title_json', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('corrects_id', 'text')
        .addColumn('reason', 'text')
        .addColumn('issued_by', 'text')
        .addColumn('issued_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema.createIndex('document_user').on('document').columns(['user_id', 'issued_at', 'id']).execute();
      await db.schema
        .createTable('document_consent')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_consent_user').on('document_consent').columns(['user_id', 'at', 'id']).execute();
      await db.schema.createIndex('journal_entry_kind_time').on('journal_entry').columns(['kind', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('journal_entry_kind_time').execute();
      await db.schema.dropTable('document_consent').execute();
      await db.schema.dropTable('document').execute();
    },
  };
}
