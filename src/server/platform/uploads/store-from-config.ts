import { LocalFileStore, type FileStore } from './file-store';
import { S3FileStore } from './s3-store';
import type { Config } from '../config';

/**
 * The FileStore a process uses (docs/decisions/021-scale-out.md):
 * - KABUTO_S3_BUCKET set → an S3-compatible bucket: KABUTO_S3_ENDPOINT (default AWS in
 *   KABUTO_S3_REGION), KABUTO_S3_REGION (default us-east-1), AWS_ACCESS_KEY_ID,
 *   AWS_SECRET_ACCESS_KEY (both required, platform/config.ts), KABUTO_S3_PREFIX (default `uploads/`),
 *   KABUTO_S3_SSE=1 for AES256;
 * - KABUTO_UPLOADS_DIR set → that directory (scale-out: one every instance mounts, e.g. NFS);
 * - otherwise $KABUTO_DATA_DIR/uploads (embedded mode, ./data/uploads).
 */
export function fileStoreFromConfig(uploads: Config['uploads']): FileStore {
  if (uploads.kind === 's3') {
    const { kind: _, ...s3 } = uploads;
    return new S3FileStore(s3);
  }
  return new LocalFileStore(uploads.dir);
}
