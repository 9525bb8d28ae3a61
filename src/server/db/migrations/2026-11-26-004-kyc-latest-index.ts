import type { Kysely, Migration } from 'kysely';
import type { Capabilities } from '../capabilities';

/**
 * A user's latest KYC submission is read on every `user/info` (its status) and by each KYC read:
 * `where user_id = ? order by created_at desc, id desc limit 1`. The index stopped at created_at, so
 * SQLite sorted the user's rows in a temporary B-tree for the `id` tiebreak; with `id` in the index
 * both databases walk it backwards and stop at the first entry
 * (docs/decisions/018-request-path-performance.md, "the HTTP edge"). It serves every
 * lookup the old (user_id, created_at) index did, which goes.
 */
export function kycLatestIndex(_caps: Capabilities): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.createIndex('kyc_submission_user_latest').on('kyc_submission').columns(['user_id', 'created_at', 'id']).execute();
      await db.schema.dropIndex('kyc_submission_user').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.createIndex('kyc_submission_user').on('kyc_submission').columns(['user_id', 'created_at']).execute();
      await db.schema.dropIndex('kyc_submission_user_latest').execute();
    },
  };
}
