import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * Uploads and identity (docs/domain.md "KYC", docs/domain.md "Uploads").
 *
 * `upload`: one row per stored file; the bytes live in the FileStore under `storage_key` (a
 * random name), never in the database. `kyc_submission`: every submission is kept (a failed one
 * stays as history when the user resubmits); the user's status is that of the latest. The review
 * columns (`review_*`) are the shared review workflow's (src/server/platform/review.ts), the same
 * names deposits and withdrawals will use. Only the masked document number is stored.
 */
export function uploadsKyc(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('upload')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('storage_key', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('upload_user').on('upload').column('user_id').execute();
      await db.schema
        .createTable('kyc_submission')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_kana', 'text', (c) => c.notNull())
        .addColumn('document_type', 'text', (c) => c.notNull())
        .addColumn('document_number_masked', 'text', (c) => c.notNull())
        .addColumn('front_upload_id', 'text', (c) => c.notNull().references('upload.id'))
        .addColumn('back_upload_id', 'text', (c) => c.notNull().references('upload.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('review_status', 'text', (c) => c.notNull())
        .addColumn('review_reason', 'text')
        .addColumn('reviewed_by', 'text')
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema.createIndex('kyc_submission_user').on('kyc_submission').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('kyc_submission_review').on('kyc_submission').columns(['review_status', 'id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('kyc_submission').execute();
      await db.schema.dropTable('upload').execute();
    },
  };
}
